import QuickActions
import StorageCore

/// A PostgreSQL database shared by any number of quickactiond instances: accounts, and each
/// account's views. Each instance keeps one writer connection (group commit), `poolSize`
/// reader connections, one listening connection, which turns the other instances' commits
/// into this instance's `changes`, `remoteTriggers` and `accountChanges`, and one that merges
/// the trigram index's pending list (`PostgreSQLIndexMaintenance`).
public final class PostgreSQLDataStore: DataStore {
    /// The default number of reader connections: as many as the HTTP threads that read at once
    /// on a small machine (`--threads` is 2 by default) and twice that for headroom; each costs
    /// the server a backend process (about 10 MB), so N instances cost N × (pool + 2).
    public static let defaultPoolSize = 4

    let database: PostgreSQLDatabase
    /// The database name that replaced the location's, if one did (tests).
    let databaseName: String?
    private let listener: PostgreSQLListener
    /// Merges the trigram index's pending list off the write path.
    let indexMaintenance: PostgreSQLIndexMaintenance
    public let accounts: any AccountStore
    private let defaultContacts: PostgreSQLContactRepository

    /// Connects to the database `location` names (a `postgres://` URL, a libpq keyword string,
    /// or `postgres:` for the `PG*` environment variables), migrates it under an advisory lock,
    /// and starts listening to the other instances. Every connection sets `timeouts` on its
    /// session and hands the server's notices to `log`, which also hears when the server
    /// becomes unreachable and reachable again. `database` replaces the location's database
    /// name (tests). Throws naming the server and libpq's reason, never the password.
    public static func open(
        _ location: String, poolSize: Int = defaultPoolSize, timeouts: PostgreSQLTimeouts = .standard, log: StorageLog = .discard,
        database: String? = nil, clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) throws(StorageError) -> PostgreSQLDataStore {
        let connector = PostgreSQLConnector(location: try PostgreSQLLocation(parsing: location), database: database, timeouts: timeouts, log: log)
        let store = PostgreSQLDataStore(database: try PostgreSQLDatabase(connector: connector, poolSize: poolSize, clock: clock), name: database)
        try store.listener.start()
        store.indexMaintenance.start()
        return store
    }

    private init(database: PostgreSQLDatabase, name: String?) {
        self.database = database
        databaseName = name
        accounts = PostgreSQLAccountStore(store: database)
        defaultContacts = PostgreSQLContactRepository(store: database, account: .default)
        listener = PostgreSQLListener(database: database)
        indexMaintenance = PostgreSQLIndexMaintenance(database: database)
    }

    public func contacts(of account: AccountKey) -> any ContactRepository {
        account == .default ? defaultContacts : PostgreSQLContactRepository(store: database, account: account)
    }

    public func triggers(of account: AccountKey) -> any TriggerStore {
        PostgreSQLTriggerStore(store: database, account: account)
    }

    public var changes: ContactChangeFeed { database.changes }

    public var remoteTriggers: TriggerFeed { database.remoteTriggers }

    /// A read may wait on a lock another client holds (up to the session's limits).
    public var readsMayWait: Bool { true }

    /// Throws while the server is unreachable, while a read of `contacts` does not answer within
    /// the probe's limits, or after client queries timed out lately (readiness answers 503).
    public func ping() throws(StorageError) {
        try database.ping()
    }

    /// Stops listening and merging. The writer and readers close with the store (nothing is
    /// buffered: every acknowledged write is committed).
    public func close() throws(StorageError) {
        listener.stop()
        indexMaintenance.stop()
    }
}
