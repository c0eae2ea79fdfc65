import QuickActions
import StorageCore

/// A PostgreSQL database shared by any number of quickactiond instances: accounts, and each
/// account's views. Each instance keeps one writer connection (group commit), `poolSize`
/// reader connections, one listening connection, which turns the other instances' commits
/// into this instance's `changes`, `remoteTriggers` and `accountChanges`, and one that merges
/// the trigram index's pending list (`PostgreSQLIndexMaintenance`).
final class PostgreSQLDataStore: DataStore {
    let database: PostgreSQLDatabase
    /// The database name that replaced the location's, if one did (tests).
    let databaseName: String?
    private let listener: PostgreSQLListener
    /// Merges the trigram index's pending list off the write path.
    let indexMaintenance: PostgreSQLIndexMaintenance
    let accounts: any AccountStore
    let scheduledItems: any ScheduledItemStore
    private let defaultContacts: PostgreSQLContactRepository

    /// Connects to the database `location` names (a `postgres://` URL, a libpq keyword string,
    /// or `postgres:` for the `PG*` environment variables), migrates it under an advisory lock,
    /// and starts listening to the other instances. Every connection sets `timeouts` on its
    /// session and hands the server's notices to `log`, which also hears when the server
    /// becomes unreachable and reachable again. `database` replaces the location's database
    /// name (tests). Its writes keep `limits`. Throws naming the server and libpq's reason,
    /// never the password.
    static func open(
        _ location: String, poolSize: Int = PostgreSQLBackend.defaultPoolSize, timeouts: PostgreSQLTimeouts = .standard, log: StorageLog = .discard,
        limits: StoreLimits = .standard, database: String? = nil, clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) throws(StorageError) -> PostgreSQLDataStore {
        let connector = PostgreSQLConnector(location: try PostgreSQLLocation(parsing: location), database: database, timeouts: timeouts, log: log)
        let store = PostgreSQLDataStore(
            database: try PostgreSQLDatabase(connector: connector, poolSize: poolSize, limits: limits, clock: clock), name: database)
        try store.listener.start()
        store.indexMaintenance.start()
        return store
    }

    private init(database: PostgreSQLDatabase, name: String?) {
        self.database = database
        databaseName = name
        accounts = PostgreSQLAccountStore(store: database)
        scheduledItems = PostgreSQLScheduledItemStore(store: database)
        defaultContacts = PostgreSQLContactRepository(store: database, account: .default)
        listener = PostgreSQLListener(database: database)
        indexMaintenance = PostgreSQLIndexMaintenance(database: database)
    }

    func contacts(of account: AccountKey) -> any ContactRepository {
        account == .default ? defaultContacts : PostgreSQLContactRepository(store: database, account: account)
    }

    func triggers(of account: AccountKey) -> any TriggerStore {
        PostgreSQLTriggerStore(store: database, account: account)
    }

    var changes: ContactChangeFeed { database.changes }

    var skippedRows: StoredRowSkips { database.skippedRows }

    var remoteTriggers: TriggerFeed { database.remoteTriggers }

    /// A read may wait on a lock another client holds (up to the session's limits).
    var readsMayWait: Bool { true }

    /// Whether the listener hears the other instances now.
    var changeFeed: ChangeFeedStatus? { database.feed }

    func adoptUsageHalfLife(_ halfLife: UsageHalfLife, at now: Timestamp) throws(StorageError) -> UsageHalfLifeAdoption {
        try database.writer.write { connection throws(StorageError) in try PostgreSQLUsageHalfLifeSQL.adopt(halfLife, at: now, on: connection) }
    }

    /// Throws while the server is unreachable or slow, as the listener's heartbeat last found it,
    /// or after client queries timed out lately (readiness answers 503); never waits on the server.
    func ping() throws(StorageError) {
        try database.ping()
    }

    /// Stops listening and merging. The writer and readers close with the store (nothing is
    /// buffered: every acknowledged write is committed).
    func close() throws(StorageError) {
        listener.stop()
        indexMaintenance.stop()
    }
}
