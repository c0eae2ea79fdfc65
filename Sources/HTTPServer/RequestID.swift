import Sharding

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
        // Each thread counts in its own cell: no cache line passed between cores per request.
        .generated(counter.nextUnique())
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

    /// Calls `body` with the id as a NUL-terminated C string (a made id is written into a
    /// buffer on the stack).
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

    /// Appends the 20 characters of made id `number` (what `description` of `.generated(number)`
    /// says) to `output`, with no string made: they need no escaping in JSON.
    public static func appendGenerated(_ number: UInt64, to output: inout [UInt8]) {
        let start = output.count
        // Room made with one copy of an array (appending a `repeatElement` goes element by element).
        output.append(contentsOf: placeholder)
        output.withUnsafeMutableBytes { bytes in
            write(number, into: UnsafeMutableRawBufferPointer(rebasing: bytes[start...]))
        }
    }

    private static let placeholder = [UInt8](repeating: 0, count: generatedLength)

    /// `appendGenerated(_:to:)` into room made already (20 bytes; traps without it).
    public static func appendGenerated(_ number: UInt64, to output: inout OutputSpan<UInt8>) {
        output.withUnsafeMutableBufferPointer { buffer, count in
            precondition(generatedLength <= buffer.count - count, "OutputSpan capacity overflow")
            write(number, into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...])))
            count += generatedLength
        }
    }

    /// The length of a made id.
    public static let generatedLength = 20

    /// Rows for the process's id counter, claimed by every server's HTTP threads: as many as
    /// `--threads` may be (a process with several servers, as tests have, shares the last).
    static let threadRows = ThreadRows(ownRows: HTTPServerConfiguration.maximumThreads)
    private static let counter = ShardedCounter(rows: threadRows)
    /// 8 characters chosen once per process, packed as the 8 bytes they are in memory.
    private static let prefix: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        var bits: UInt64 = generator.next()
        var packed: UInt64 = 0
        for index in 0..<8 {
            packed |= UInt64(digit(bits & 0x1F)) << (8 * UInt64(index))
            bits >>= 5
        }
        return packed
    }()

    /// The base32 digit for `value` (0...31): a-z, then 2-7.
    private static func digit(_ value: UInt64) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "2") + UInt8(value - 26)
    }

    /// Writes the 20 characters of id `number` at the start of `buffer`.
    private static func write(_ number: UInt64, into buffer: UnsafeMutableRawBufferPointer) {
        buffer.storeBytes(of: prefix.littleEndian, toByteOffset: 0, as: UInt64.self)
        var value = number
        // A plain countdown: `stride` here went through the generic index's value witnesses.
        var index = generatedLength - 1
        while index >= 8 {
            buffer[index] = digit(value & 0x1F)
            value >>= 5
            index -= 1
        }
    }
}
