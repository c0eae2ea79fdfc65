import QuickActions
import StorageCore

/// The quickactiond database file as a whole: its accounts, and each account's views.
final class SQLiteDataStore: DataStore {
    let database: SQLiteDatabase
    private let clock: @Sendable () -> Timestamp
    /// The account `default`'s contacts, kept: single-account mode asks for them on every request.
    private let defaultContacts: SQLiteContactRepository
    let accounts: any AccountStore
    let scheduledItems: any ScheduledItemStore

    /// Opens (or creates), checks and migrates the database at `path` (see
    /// `SQLiteContactRepository.open(path:clock:)` for what it refuses).
    /// `log` hears of the rows a read leaves out (`StoredRowSkips`); the writes keep `limits`.
    static func open(
        path: String, log: StorageLog = .discard, limits: StoreLimits = .standard, clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) throws(StorageError) -> SQLiteDataStore {
        SQLiteDataStore(
            database: try SQLiteDatabase(path: path, readerCount: 4, skippedRows: StoredRowSkips(log: log), limits: limits), clock: clock)
    }

    init(database: SQLiteDatabase, clock: @escaping @Sendable () -> Timestamp) {
        self.database = database
        self.clock = clock
        defaultContacts = SQLiteContactRepository(database: database, account: .default, clock: clock)
        accounts = SQLiteAccountStore(database: database, clock: clock)
        scheduledItems = SQLiteScheduledItemStore(database: database)
    }

    /// The database file.
    var path: String { database.path }

    func contacts(of account: AccountKey) -> any ContactRepository {
        account == .default ? defaultContacts : SQLiteContactRepository(database: database, account: account, clock: clock)
    }

    func triggers(of account: AccountKey) -> any TriggerStore {
        SQLiteTriggerStore(database: database, account: account)
    }

    var changes: ContactChangeFeed { database.changes }

    var skippedRows: StoredRowSkips { database.skippedRows }

    /// Never reports anything: one process owns the store.
    let remoteTriggers = TriggerFeed()

    func adoptUsageHalfLife(_ halfLife: UsageHalfLife, at now: Timestamp) throws(StorageError) -> UsageHalfLifeAdoption {
        try database.write { connection throws(StorageError) in try SQLiteUsageHalfLifeSQL.adopt(halfLife, at: now, on: connection) }
    }

    func ping() throws(StorageError) {
        try defaultContacts.ping()
    }

    /// Checkpoints the WAL into the database file.
    func close() throws(StorageError) {
        try database.checkpoint()
    }
}
