import StorageCore
import Synchronization

/// A few connections for reads (`--db-pool`), so that reads run side by side and beside the
/// writer. A read takes the first free connection and waits only when all are busy.
final class PostgreSQLReaderPool: Sendable {
    private let sessions: [PostgreSQLSession]
    /// Where the next read starts looking, so that load spreads over the connections.
    private let next = Atomic<UInt>(0)
    /// Told whether each read answered in time.
    private let health: PostgreSQLQueryHealth

    /// A pool of `size` (at least 1) of `connector`'s connections, each opened on first use.
    init(_ connector: PostgreSQLConnector, size: Int) {
        sessions = (0..<max(1, size)).map { _ in PostgreSQLSession(connector) }
        health = connector.health
    }

    /// Runs `body` with a connection of its own (again on a new one if the connection broke:
    /// a read is safe to repeat). A read that runs past the session's limits throws a timeout
    /// (and readiness hears of it).
    func read<Result: Sendable>(_ body: (PostgreSQLConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        let result = Swift.Result { () throws(StorageError) -> Result in try unobserved(body) }
        health.observe(result)
        return try result.get()
    }

    /// `read`, without telling readiness how it went.
    func unobserved<Result: Sendable>(_ body: (PostgreSQLConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        let start = Int(next.wrappingAdd(1, ordering: .relaxed).oldValue % UInt(sessions.count))
        // A busy session would make us wait: look for an idle one first.
        for offset in 0..<sessions.count {
            if let result = try sessions[(start + offset) % sessions.count].useIfIdle(body) { return result }
        }
        return try sessions[start].use(body)
    }

    /// Runs `body` in one read-only transaction with a single snapshot (REPEATABLE READ).
    func snapshot<Result: Sendable>(_ body: (PostgreSQLConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        try read { (connection) throws(StorageError) -> Result in
            try connection.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            do throws(StorageError) {
                let result = try body(connection)
                try connection.run("COMMIT")
                return result
            } catch {
                if connection.isOpen { try? connection.run("ROLLBACK") }
                throw error
            }
        }
    }
}
