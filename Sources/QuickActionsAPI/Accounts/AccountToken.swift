import Cryptography
import QuickActions

/// An account's bearer token: `qa_`, 30 base62 characters from the system's CSPRNG, and 6 base62
/// characters of the CRC32 of those 30. GitHub's token design: a secret scanner can match
/// `qa_[0-9A-Za-z]{36}` and check the checksum offline, and the server can refuse garbage before
/// it looks anything up. Only `digest(_:)` of a token is ever stored.
public enum AccountToken {
    /// What every token starts with.
    public static let prefix = "qa_"
    /// Random characters after the prefix: 30 × log2(62) ≈ 178.6 bits.
    public static let randomLength = 30
    /// Checksum characters at the end: 62⁶ > 2³², so any CRC32 fits.
    public static let checksumLength = 6
    /// Characters in a token, prefix included.
    public static let length = 3 + randomLength + checksumLength

    /// Base62 digits in value order (the checksum is a base62 number, most significant first).
    static let alphabet: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    /// A new token, from `getrandom(2)`.
    public static func generate() -> String {
        var random: [UInt8] = []
        random.reserveCapacity(length)
        // Rejection sampling keeps every character uniform: 248 = 4 × 62, so a byte below it
        // maps onto the alphabet evenly and the 8 above are drawn again.
        var bytes = [UInt8](repeating: 0, count: 48)
        while random.count < randomLength {
            SecureRandom.fill(&bytes)
            for byte in bytes where byte < 248 && random.count < randomLength {
                random.append(alphabet[Int(byte % 62)])
            }
        }
        return String(decoding: Array(prefix.utf8) + random + checksum(random), as: UTF8.self)
    }

    /// Whether `token` has the prefix, the length, only base62 characters and a matching
    /// checksum. Cheap and lookup-free: what fails here never reaches the store. (Its timing
    /// reveals only whether the text is well formed, which anyone can compute.)
    public static func isWellFormed(_ token: some StringProtocol) -> Bool {
        StringBytes.withBytes(of: String(token)) { isWellFormed($0) }
    }

    /// `isWellFormed` of a token's UTF-8, read in place.
    static func isWellFormed(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count == length, bytes[0] == UInt8(ascii: "q"), bytes[1] == UInt8(ascii: "a"), bytes[2] == UInt8(ascii: "_") else {
            return false
        }
        var crc: UInt32 = 0xFFFF_FFFF
        for index in 3..<(3 + randomLength) {
            guard isBase62(bytes[index]) else { return false }
            crc = crc32(adding: bytes[index], to: crc)
        }
        var value = crc ^ 0xFFFF_FFFF
        for index in stride(from: length - 1, through: 3 + randomLength, by: -1) {
            guard bytes[index] == alphabet[Int(value % 62)] else { return false }
            value /= 62
        }
        return true
    }

    /// The SHA-256 digest of `token`'s UTF-8: the only form in which a token is stored.
    public static func digest(_ token: some StringProtocol) -> [UInt8] {
        SHA256.digest(Array(token.utf8))
    }

    /// The 6 base62 characters of the CRC32 of `random`.
    static func checksum(_ random: some Sequence<UInt8>) -> [UInt8] {
        var value = crc32(random)
        var digits = [UInt8](repeating: alphabet[0], count: checksumLength)
        for index in digits.indices.reversed() {
            digits[index] = alphabet[Int(value % 62)]
            value /= 62
        }
        return digits
    }

    /// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320): zlib's `crc32`, which scanners use.
    static func crc32(_ bytes: some Sequence<UInt8>) -> UInt32 {
        bytes.reduce(0xFFFF_FFFF) { crc32(adding: $1, to: $0) } ^ 0xFFFF_FFFF
    }

    /// One step of the CRC-32: `crc` (before the final inversion) after `byte`.
    private static func crc32(adding byte: UInt8, to crc: UInt32) -> UInt32 {
        crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func isBase62(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }
}
