import Synchronization

/// The X-Request-Id of a response: the id the client sent, or one this process makes.
///
/// A made id is 8 random characters fixed for the process, then a 12-character base32 counter
/// (20 in all): unique within a run and, with overwhelming probability, across runs. It costs
/// no system call, and is only written out where it is used, into the response head (on the
/// stack) or into a log line.
public enum RequestID: Sendable, Equatable, CustomStringConvertible {
    /// The client's own id.
    case given(String)
    /// The `n`th id this process made.
    case generated(UInt64)

    /// A new id from the process's counter.
    public static func next() -> RequestID {
        .generated(counter.wrappingAdd(1, ordering: .relaxed).newValue)
    }

    public var description: String {
        switch self {
        case .given(let text):
            text
        case .generated(let number):
            String(unsafeUninitializedCapacity: Self.generatedLength) { buffer in
                Self.write(number, into: UnsafeMutableRawBufferPointer(buffer))
                return Self.generatedLength
            }
        }
    }

    /// Calls `body` with the id as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) -> Result) -> Result {
        switch self {
        case .given(let text):
            return text.withCString(body)
        case .generated(let number):
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Self.generatedLength + 1) { buffer in
                Self.write(number, into: UnsafeMutableRawBufferPointer(buffer))
                buffer[Self.generatedLength] = 0
                // A temporary allocation of 21 always has an address; "" only keeps this total.
                return buffer.baseAddress.map { body(UnsafePointer($0)) } ?? "".withCString(body)
            }
        }
    }

    private static let generatedLength = 20
    private static let alphabet: StaticString = "abcdefghijklmnopqrstuvwxyz234567"
    private static let counter = Atomic<UInt64>(0)
    /// 8 characters chosen once per process.
    private static let prefix: [UInt8] = {
        var generator = SystemRandomNumberGenerator()
        var bits: UInt64 = generator.next()
        return (0..<8).map { _ in
            defer { bits >>= 5 }
            return alphabet.utf8Start[Int(bits & 0x1F)]
        }
    }()

    /// Writes the 20 characters of id `number` at the start of `buffer`.
    private static func write(_ number: UInt64, into buffer: UnsafeMutableRawBufferPointer) {
        var value = number
        for index in 0..<8 { buffer[index] = prefix[index] }
        for index in stride(from: generatedLength - 1, through: 8, by: -1) {
            buffer[index] = alphabet.utf8Start[Int(value & 0x1F)]
            value >>= 5
        }
    }
}
