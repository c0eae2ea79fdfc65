import QuickActions
import StorageCore

/// One instance's handle on the shared PostgreSQL database: the group-committed writer, the
/// reader pool, and the feeds its views publish to. The account-scoped views share it.
final class PostgreSQLDatabase: Sendable {
    /// This instance's id in `PostgreSQLChangeNotice`s (random per process), to skip its own notices.
    let instance: String
    /// How its connections are made (where, with which limits, when to retry).
    let connector: PostgreSQLConnector
    let clock: @Sendable () -> Timestamp
    let writer: PostgreSQLWriter
    let readers: PostgreSQLReaderPool
    /// Every committed contact change of this instance, and re-reads for the others'.
    let changes = ContactChangeFeed()
    /// Token replacements and deletions, this instance's and the others'.
    let accountChanges = AccountChangeFeed()
    /// Triggers the other instances recorded.
    let remoteTriggers = TriggerFeed()
    /// The other instances' writes of scheduled items.
    let scheduledItemChanges = ScheduledItemChangeFeed()
    /// The rows reads left out because they do not decode (logged to the connector's log).
    let skippedRows: StoredRowSkips

    /// What readiness runs on a reader: a read of `contacts`, which waits behind a lock that
    /// keeps requests from reading it (`LOCK TABLE … IN ACCESS EXCLUSIVE MODE`), under the
    /// probe's short limits (`SET LOCAL` lasts for the statements of this one query string).
    static func probe(_ timeouts: PostgreSQLTimeouts) -> String {
        let limits = timeouts.probe
        return "SET LOCAL statement_timeout = \(PostgreSQLTimeouts.milliseconds(limits.statement)); "
            + "SET LOCAL lock_timeout = \(PostgreSQLTimeouts.milliseconds(limits.lock)); SELECT 1 FROM contacts LIMIT 1"
    }

    /// Connects with `connector`, migrates the schema, and opens the writer and `poolSize`
    /// readers (lazily).
    init(connector: PostgreSQLConnector, poolSize: Int, clock: @escaping @Sendable () -> Timestamp) throws(StorageError) {
        skippedRows = StoredRowSkips(log: connector.log)
        let first = try connector.connect()
        try PostgreSQLSchema.migrate(first)
        self.connector = connector
        self.clock = clock
        instance = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        writer = PostgreSQLWriter(
            session: PostgreSQLSession(connector, first: first), instance: instance, health: connector.health)
        readers = PostgreSQLReaderPool(connector, size: poolSize)
    }

    /// Where the database is.
    var location: PostgreSQLLocation { connector.location }

    /// Checks that the store serves requests: client queries did not time out lately, a reader
    /// reads `contacts` within the probe's limits, and the writer reaches the server (only
    /// when it is idle: busy, it is committing, which is proof enough).
    func ping() throws(StorageError) {
        if let timeout = connector.health.recentTimeout { throw timeout }
        let probe = Self.probe(connector.timeouts)
        try readers.unobserved { (connection) throws(StorageError) in try connection.run(probe) }
        _ = try writer.session.useIfIdle { (connection) throws(StorageError) in try connection.run("SELECT 1") }
    }
}
