import CCrypto

/// SHA-256 (FIPS 180-4), for strong ETags, request digests and token hashes: OpenSSL's
/// libcrypto (the toolchain on Linux has no CryptoKit; its speed is in docs/performance.md).
public struct SHA256: Sendable {
    /// The 32-byte digest of `bytes`.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// The digest of `bytes` as lower-case hexadecimal digits: the first `digits` of them (all 64
    /// by default).
    public static func hex(_ bytes: [UInt8], digits: Int = 64) -> String {
        hex(digest: digest(bytes), digits: digits)
    }

    /// `digest` as lower-case hexadecimal digits: the first `digits` of them (all by default),
    /// written straight into the string's storage.
    public static func hex(digest: [UInt8], digits: Int = 64) -> String {
        let count = max(0, min(digits, digest.count * 2))
        return String(unsafeUninitializedCapacity: count) { text in
            for index in 0..<count {
                let byte = digest[index / 2]
                let nibble = index % 2 == 0 ? byte >> 4 : byte & 0x0F
                text[index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
            }
            return count
        }
    }

    /// The bytes given so far (see `update`), kept until `finalize`: each piece is hashed then,
    /// in order, so a digest over several buffers needs no copy of them into one.
    private var pieces: [[UInt8]] = []

    /// Starts a digest over the pieces given to `update`.
    public init() {}

    /// Adds `bytes` to the digest.
    public mutating func update(_ bytes: [UInt8]) {
        pieces.append(bytes)
    }

    /// The digest of every piece given, in order.
    public func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        if pieces.count == 1 {
            let ok = pieces[0].withUnsafeBytes { bytes in
                digest.withUnsafeMutableBufferPointer { qa_sha256(bytes.baseAddress, bytes.count, $0.baseAddress) }
            }
            precondition(ok == 1, "libcrypto failed to compute a SHA-256 digest")
            return digest
        }
        var context = SHA256_CTX()
        var ok = qa_sha256_begin(&context)
        for piece in pieces where ok == 1 {
            ok = piece.withUnsafeBytes { qa_sha256_update(&context, $0.baseAddress, $0.count) }
        }
        if ok == 1 { ok = digest.withUnsafeMutableBufferPointer { qa_sha256_finish(&context, $0.baseAddress) } }
        precondition(ok == 1, "libcrypto failed to compute a SHA-256 digest")
        return digest
    }
}
