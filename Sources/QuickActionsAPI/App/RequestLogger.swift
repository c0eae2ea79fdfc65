import Glibc
import QuickActions

/// How much the service says on stderr.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    case debug, info, warning, error

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}

/// Writes one JSON object per line to stderr. Each line goes out in a single `write(2)`,
/// so lines from concurrent requests never interleave.
public struct RequestLogger: Sendable {
    /// Lines below this level are dropped.
    public let level: LogLevel

    /// Creates a logger.
    public init(level: LogLevel = .info) {
        self.level = level
    }

    /// Whether lines at `level` are written (check before building costly fields).
    public func isEnabled(_ level: LogLevel) -> Bool {
        level >= self.level
    }

    /// Logs an event with fields (the level and time are added).
    public func log(_ level: LogLevel, _ message: String, _ fields: [String: JSONValue] = [:]) {
        guard level >= self.level else { return }
        var object = fields
        object["time"] = .string(Timestamp.now().rfc3339)
        object["level"] = .string(level.rawValue)
        object["msg"] = .string(message)
        var bytes = JSONWriter.bytes(.object(object))
        bytes.append(0x0A)
        bytes.withUnsafeBytes { buffer in
            _ = Glibc.write(2, buffer.baseAddress, buffer.count)
        }
    }
}
