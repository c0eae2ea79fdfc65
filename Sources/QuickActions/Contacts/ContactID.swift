/// Opaque contact identifiers: 20 characters of lower-case base32 (100 random bits).
public enum ContactID {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// A new random identifier (two calls to the system's random source, not twenty).
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bits = [generator.next() as UInt64, generator.next() as UInt64]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        for index in 0..<20 {
            let word = index < 12 ? 0 : 1
            bytes.append(alphabet[Int(bits[word] & 0x1F)])
            bits[word] >>= 5
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
