/// Opaque contact identifiers: 20 characters of lower-case base32 (100 random bits).
public enum ContactID {
    private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

    /// A new random identifier.
    public static func generate() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        for _ in 0..<20 {
            bytes.append(alphabet[Int(generator.next(upperBound: UInt8(32)))])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
