import Dispatch
import Glibc
import HTTPServer
import QuickActions
import Synchronization

/// How much the service says on stderr.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Writes one JSON object per line to stderr. Request lines are gathered in a buffer and
/// written together every few milliseconds (one `write(2)` for many requests, so logging does
/// not halve throughput); other lines flush the buffer and go out at once, in order.
public struct RequestLogger: Sendable {
    /// Lines below this level are dropped.
    public let level: LogLevel
    private let sink: LogSink

    /// Creates a logger writing to file descriptor `descriptor` (stderr by default).
    public init(level: LogLevel = .info, descriptor: Int32 = 2) {
        self.level = level
        self.sink = LogSink(descriptor: descriptor)
    }

    /// Whether lines at `level` are written (check before building costly fields).
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= self.level
    }

    /// Logs an event with fields (the level and time are added), immediately.
    public func log(_ level: LogLevel, _ message: String, _ fields: [String: JSONValue] = [:]) {
        guard level >= self.level else { return }
        var object = fields
        object["time"] = .string(Timestamp.now().rfc3339)
        object["level"] = .string(level.rawValue)
        object["msg"] = .string(message)
        var bytes = JSONWriter.bytes(.object(object))
        bytes.append(0x0A)
        sink.writeNow(bytes)
    }

    /// Logs one finished request (info level), buffered. Keys in the same sorted order as `log`.
    public func request(id: RequestID, method: String, path: String, route: String, status: Int, milliseconds: Double, bytes: Int) {
        guard isEnabled(.info) else { return }
        let time = Timestamp.now().rfc3339
        let duration = (milliseconds * 1000).rounded() / 1000
        sink.append { line in
            line.append(contentsOf: #"{"bytes":"#.utf8)
            line.append(contentsOf: String(bytes).utf8)
            line.append(contentsOf: #","durationMs":"#.utf8)
            JSONWriter.write(.double(duration), to: &line)
            line.append(contentsOf: #","level":"info","method":"#.utf8)
            JSONWriter.writeString(method, to: &line)
            line.append(contentsOf: #","msg":"request","path":"#.utf8)
            JSONWriter.writeString(path, to: &line)
            line.append(contentsOf: #","requestId":"#.utf8)
            JSONWriter.writeString(id.description, to: &line)
            line.append(contentsOf: #","route":"#.utf8)
            JSONWriter.writeString(route, to: &line)
            line.append(contentsOf: #","status":"#.utf8)
            line.append(contentsOf: String(status).utf8)
            line.append(contentsOf: #","time":""#.utf8)
            line.append(contentsOf: time.utf8)
            line.append(contentsOf: "\"}\n".utf8)
        }
    }

    /// Writes out whatever is buffered (at shutdown).
    public func flush() {
        sink.flush()
    }
}

/// The buffer behind `RequestLogger`: appended to under a lock, written by whoever flushes.
final class LogSink: Sendable {
    /// Buffered bytes past which an append writes them out itself.
    static let highWater = 64 * 1024
    /// How long a request line may wait in the buffer.
    static let delay = DispatchTimeInterval.milliseconds(10)

    private let descriptor: Int32
    private let buffer = Mutex<[UInt8]>([])
    private let flushScheduled = Atomic<Bool>(false)

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    func append(_ build: (inout [UInt8]) -> Void) {
        let full = buffer.withLock { buffer -> [UInt8]? in
            build(&buffer)
            guard buffer.count >= Self.highWater else { return nil }
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if let full {
            write(full)
        } else if !flushScheduled.exchange(true, ordering: .acquiringAndReleasing) {
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.delay) { [self] in
                flushScheduled.store(false, ordering: .releasing)
                flush()
            }
        }
    }

    /// Writes the buffer, then `bytes`, keeping lines in order.
    func writeNow(_ bytes: [UInt8]) {
        buffer.withLock { buffer in
            buffer.append(contentsOf: bytes)
            write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    func flush() {
        let pending = buffer.withLock { buffer -> [UInt8] in
            defer { buffer.removeAll(keepingCapacity: true) }
            return buffer
        }
        if !pending.isEmpty { write(pending) }
    }

    private func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
