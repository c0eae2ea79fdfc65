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
    /// The bounds its writes keep (the disabled items per account).
    let limits: StoreLimits
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
    /// Whether the listener hears the other instances now.
    let feed = ChangeFeedStatus()
    /// What the listener's heartbeat last heard from the server (readiness reads it).
    let heartbeat = PostgreSQLHeartbeat()

    /// What the listener's heartbeat runs: a read of `contacts`, which waits behind a lock that
    /// keeps requests from reading it (`LOCK TABLE … IN ACCESS EXCLUSIVE MODE`), under the
    /// probe's short limits (`SET LOCAL` lasts for the statements of this one query string).
    static func probe(_ timeouts: PostgreSQLTimeouts) -> String {
        let limits = timeouts.probe
        return "SET LOCAL statement_timeout = \(PostgreSQLTimeouts.milliseconds(limits.statement)); "
            + "SET LOCAL lock_timeout = \(PostgreSQLTimeouts.milliseconds(limits.lock)); SELECT 1 FROM contacts LIMIT 1"
    }

    /// Connects with `connector`, migrates the schema, and opens the writer and `poolSize`
    /// readers (lazily); its writes keep `limits`.
    init(
        connector: PostgreSQLConnector, poolSize: Int, limits: StoreLimits = .standard, clock: @escaping @Sendable () -> Timestamp
    ) throws(StorageError) {
        skippedRows = StoredRowSkips(log: connector.log)
        let first = try connector.connect()
        try PostgreSQLSchema.migrate(first)
        self.connector = connector
        self.clock = clock
        self.limits = limits
        instance = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        writer = PostgreSQLWriter(
            session: PostgreSQLSession(connector, first: first), instance: instance, health: connector.health)
        readers = PostgreSQLReaderPool(connector, size: poolSize)
    }

    /// Where the database is.
    var location: PostgreSQLLocation { connector.location }

    /// Checks that the store serves requests, from what is known without asking the server:
    /// the listener's heartbeat answers in time and succeeds (`PostgreSQLHeartbeat`), no client
    /// query timed out lately, and the last attempt to connect did not fail. Never waits on the
    /// database nor on a connection's lock.
    func ping() throws(StorageError) {
        if let problem = heartbeat.problem(server: location.server) { throw problem }
        if let timeout = connector.health.recentTimeout { throw timeout }
        if connector.backoff.lastFailure != nil { throw connector.unreachable() }
    }
}
