import StorageCore

/// How one PostgreSQL store's connections are made: where (its location, and a database name
/// that replaces the location's, in tests), with which session limits (`PostgreSQLTimeouts`),
/// with their notices logged, and when an attempt may be made (one `PostgreSQLBackoff` for all
/// of them).
///
/// A server that becomes unreachable is logged once, with libpq's reason (an authentication
/// that failed, a database that is gone; never the password), again only when the reason
/// changes, and once more when it is reachable again: not once per request or per attempt.
final class PostgreSQLConnector: Sendable {
    let location: PostgreSQLLocation
    /// The database name that replaces the location's, if any.
    let database: String?
    let timeouts: PostgreSQLTimeouts
    let log: StorageLog
    /// When the next attempt may be made, and why the last one failed.
    let backoff = PostgreSQLBackoff()
    /// Whether client queries answer in time (readiness).
    let health = PostgreSQLQueryHealth()

    init(location: PostgreSQLLocation, database: String?, timeouts: PostgreSQLTimeouts, log: StorageLog) {
        self.location = location
        self.database = database
        self.timeouts = timeouts
        self.log = log
    }

    /// A new connection, made ready by `prepare` (the listener's `LISTEN`); the attempt's
    /// outcome is recorded in the backoff, and logged when it changes what is known.
    func connect(prepare: (PostgreSQLConnection) throws(StorageError) -> Void = { _ in }) throws(StorageError) -> PostgreSQLConnection {
        let began = ContinuousClock.now
        do {
            let connection = try PostgreSQLConnection(location, database: database, timeouts: timeouts, log: log)
            try prepare(connection)
            if backoff.succeeded() { log.log(.warning, "PostgreSQL reachable again", ["server": location.server]) }
            return connection
        } catch {
            if backoff.failed(reason: error.message, began: began) {
                log.log(.error, "PostgreSQL unreachable", ["server": location.server, "error": error.message])
            }
            throw error
        }
    }

    /// The error for a use while the backoff allows no attempt: the last attempt's reason.
    func unreachable() -> StorageError {
        let reason = backoff.lastFailure ?? "PostgreSQL at \(location.server) is unreachable"
        return StorageError.postgreSQLConnection("\(reason); reconnecting")
    }
}
