/// Where a store says what an operator should read beyond its errors (a database server's
/// notices, a server that became unreachable or reachable again). The composition root hands
/// in the service's logger; the storage layer does not know it.
public struct StorageLog: Sendable {
    /// How much a line matters, as the service's log levels.
    public enum Level: String, Sendable {
        case debug, info, warning, error
    }

    private let write: @Sendable (Level, String, [String: String]) -> Void

    /// A log that hands each line (level, message, fields) to `write`, from any thread.
    public init(_ write: @escaping @Sendable (Level, String, [String: String]) -> Void) {
        self.write = write
    }

    /// A log that drops every line.
    public static let discard = StorageLog { _, _, _ in }

    /// Writes one line.
    package func log(_ level: Level, _ message: String, _ fields: [String: String] = [:]) {
        write(level, message, fields)
    }
}
