/// Identifiers issued by the server: 20 lower-case base32 characters, time-ordered.
///
/// The first 9 characters are the creation time in milliseconds and the other 11 are random
/// (55 bits), written in an alphabet in ASCII order, so ids sort by creation time (like a
/// ULID). That keeps a new row's entry in the UNIQUE id index next to the previous one: a
/// commit of 16 new contacts dirties one index page instead of 16 random ones. Ids say when
/// they were made (as `createdAt` does); they grant nothing.
public enum ContactID {
    /// The base32 digits in ASCII order.
    static let alphabet = Array("234567abcdefghijklmnopqrstuvwxyz".utf8)
    /// Characters of time, then of randomness.
    static let timeCharacters = 9
    static let randomCharacters = 11

    /// A new identifier for something made at `time` (one call to the system's random source).
    public static func generate(at time: Timestamp = .now()) -> String {
        var generator = SystemRandomNumberGenerator()
        var random: UInt64 = generator.next()
        var milliseconds = UInt64(clamping: max(0, time.millisecondsSince1970))
        var bytes = [UInt8](repeating: alphabet[0], count: timeCharacters + randomCharacters)
        for index in (0..<timeCharacters).reversed() {
            bytes[index] = alphabet[Int(milliseconds & 0x1F)]
            milliseconds >>= 5
        }
        for index in timeCharacters..<bytes.count {
            bytes[index] = alphabet[Int(random & 0x1F)]
            random >>= 5
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `count` random base32 characters.
    public static func random(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String(decoding: (0..<count).map { _ in alphabet[Int(generator.next(upperBound: UInt8(32)))] }, as: UTF8.self)
    }
}
