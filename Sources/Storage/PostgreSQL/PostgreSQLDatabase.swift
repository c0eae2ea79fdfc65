import QuickActions

/// One instance's handle on the shared PostgreSQL database: the group-committed writer, the
/// reader pool, and the feeds its views publish to. The account-scoped views share it.
final class PostgreSQLDatabase: Sendable {
    /// This instance's id in `ChangeNotice`s (random per process), to skip its own notices.
    let instance: String
    /// Where the database is.
    let location: PostgreSQLLocation
    let clock: @Sendable () -> Timestamp
    let writer: PostgreSQLWriter
    let readers: PostgreSQLReaderPool
    /// Every committed contact change of this instance, and re-reads for the others'.
    let changes = ContactChangeFeed()
    /// Token replacements and deletions, this instance's and the others'.
    let accountChanges = AccountChangeFeed()
    /// Triggers the other instances recorded.
    let remoteTriggers = TriggerFeed()
    /// When any of this instance's connections may next try to reach the server.
    let backoff = PostgreSQLBackoff()

    /// Connects to `location` (to `database` instead of its own, when given), migrates the
    /// schema, and opens the writer and `poolSize` readers (lazily).
    init(
        location: PostgreSQLLocation, database: String?, poolSize: Int, clock: @escaping @Sendable () -> Timestamp
    ) throws(StorageError) {
        let first = try PostgreSQLConnection(location, database: database)
        try PostgreSQLSchema.migrate(first)
        self.location = location
        self.clock = clock
        instance = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        writer = PostgreSQLWriter(
            session: PostgreSQLSession(location, database: database, backoff: backoff, first: first), instance: instance)
        readers = PostgreSQLReaderPool(location, database: database, size: poolSize, backoff: backoff)
    }

    /// Checks that a reader and the writer reach the server (the writer only when it is idle:
    /// busy, it is committing, which is proof enough).
    func ping() throws(StorageError) {
        try readers.read { (connection) throws(StorageError) in try connection.run("SELECT 1") }
        _ = try writer.session.useIfIdle { (connection) throws(StorageError) in try connection.run("SELECT 1") }
    }
}
