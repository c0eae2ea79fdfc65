import CCrypto

extension SHA256 {
    /// A SHA-256 digest as four words: hashed, compared and copied without touching the heap.
    public struct Digest: Hashable, Sendable {
        /// The 32 bytes as big-endian words, in order.
        public let words: (UInt64, UInt64, UInt64, UInt64)

        /// The digest whose bytes are `bytes` (the 32 of a SHA-256 digest).
        public init(_ bytes: [UInt8]) {
            func word(_ offset: Int) -> UInt64 {
                var value: UInt64 = 0
                for index in offset..<(offset + 8) where index < bytes.count { value = value << 8 | UInt64(bytes[index]) }
                return value
            }
            words = (word(0), word(8), word(16), word(24))
        }

        /// The SHA-256 digest of `bytes`, computed without touching the heap.
        public init(hashing bytes: Span<UInt8>) {
            var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            let ok = bytes.withUnsafeBufferPointer { input in
                withUnsafeMutableBytes(of: &digest) { out in
                    qa_sha256(input.baseAddress, input.count, out.baseAddress?.assumingMemoryBound(to: UInt8.self))
                }
            }
            precondition(ok == 1, "libcrypto failed to compute a SHA-256 digest")
            // Big-endian words, as `init(_:)` reads the bytes.
            words = (UInt64(bigEndian: digest.0), UInt64(bigEndian: digest.1), UInt64(bigEndian: digest.2), UInt64(bigEndian: digest.3))
        }

        /// The SHA-256 digest of `bytes`.
        public init(hashing bytes: [UInt8]) {
            self.init(SHA256.digest(bytes))
        }

        /// The 32 bytes.
        public var bytes: [UInt8] {
            withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)) { Array($0) }
        }

        public static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        /// Equality in time that does not depend on where the digests first differ.
        public func equalsInConstantTime(_ other: Digest) -> Bool {
            (words.0 ^ other.words.0) | (words.1 ^ other.words.1) | (words.2 ^ other.words.2) | (words.3 ^ other.words.3) == 0
        }

        public func hash(into hasher: inout Hasher) {
            // The digest is uniformly random already: one word is a good hash.
            hasher.combine(words.0)
        }
    }
}
