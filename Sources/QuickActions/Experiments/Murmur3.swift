/// MurmurHash3, the x86 32-bit variant (Austin Appleby's public-domain `MurmurHash3_x86_32`):
/// the hash Unleash's clients bucket with. Bytes may come in several pieces (`combine`), so a
/// key such as `"<group>:<id>"` is hashed without building it.
public struct Murmur3: Sendable {
    private static let c1: UInt32 = 0xcc9e_2d51
    private static let c2: UInt32 = 0x1b87_3593

    private var hash: UInt32
    /// The bytes of an unfinished four-byte block, the first in the low byte.
    private var block: UInt32 = 0
    private var blockLength: UInt32 = 0
    /// The number of bytes hashed, modulo 2^32 (the reference's `uint32_t` length).
    private var length: UInt32 = 0

    /// A hash of no bytes yet, with `seed`.
    public init(seed: UInt32) {
        hash = seed
    }

    /// Adds `bytes`. Blocks of four bytes are read little-endian, as the reference does on
    /// x86, so the value is the same on every machine.
    public mutating func combine(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            block |= UInt32(byte) << (8 * blockLength)
            blockLength += 1
            length &+= 1
            if blockLength == 4 {
                hash ^= Self.mixed(block)
                hash = Self.rotated(hash, by: 13) &* 5 &+ 0xe654_6b64
                block = 0
                blockLength = 0
            }
        }
    }

    /// The hash of the bytes combined so far.
    public func finalize() -> UInt32 {
        var value = hash
        if blockLength > 0 { value ^= Self.mixed(block) }
        value ^= length
        // The final avalanche (`fmix32`).
        value ^= value >> 16
        value &*= 0x85eb_ca6b
        value ^= value >> 13
        value &*= 0xc2b2_ae35
        value ^= value >> 16
        return value
    }

    /// The hash of `bytes` with `seed`.
    public static func x86_32(_ bytes: some Sequence<UInt8>, seed: UInt32) -> UInt32 {
        var hasher = Murmur3(seed: seed)
        hasher.combine(bytes)
        return hasher.finalize()
    }

    /// The hash of `text`'s UTF-8 bytes with `seed`.
    public static func x86_32(_ text: String, seed: UInt32) -> UInt32 {
        x86_32(text.utf8, seed: seed)
    }

    private static func mixed(_ block: UInt32) -> UInt32 {
        rotated(block &* c1, by: 15) &* c2
    }

    private static func rotated(_ value: UInt32, by count: UInt32) -> UInt32 {
        (value << count) | (value >> (32 - count))
    }
}
