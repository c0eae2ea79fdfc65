import QuickActions

/// One backend's whole store: accounts, and each account's contacts and triggers. The
/// composition root opens one (see `DataStoreBackend`); everything else reaches the data
/// through the account-scoped views it hands out, so a view can only ever see its account.
public protocol DataStore: Sendable {
    /// The accounts.
    var accounts: any AccountStore { get }
    /// The contacts of `account` (a cheap view: make one per request).
    func contacts(of account: AccountKey) -> any ContactRepository
    /// The triggers and Idempotency-Key answers of `account` (a cheap view). The retention
    /// purge and the stored counts of the view act on the whole store.
    func triggers(of account: AccountKey) -> any TriggerStore
    /// The scheduled items (one list for the whole store).
    var scheduledItems: any ScheduledItemStore { get }
    /// Every committed contact change of every account, in commit order. A change with
    /// neither `before` nor `after` says only that the account's contacts changed in ways this
    /// process did not see (another process sharing the store made them): re-read them.
    var changes: ContactChangeFeed { get }
    /// Triggers other processes sharing the store recorded (never this process's own).
    var remoteTriggers: TriggerFeed { get }
    /// Whether a read may wait on another client of the database (a lock it holds): the API
    /// then reads only off its HTTP threads. False for a store only this process uses.
    var readsMayWait: Bool { get }
    /// The stored rows this store's reads left out because they do not decode (never a reason
    /// to stop: see `StoredRowSkips`).
    var skippedRows: StoredRowSkips { get }
    /// Whether this process hears of the changes other processes make to the store; nil for a
    /// store only this process uses.
    var changeFeed: ChangeFeedStatus? { get }
    /// Reads the usage keys under `halfLife` (`--usage-half-life`) from now on. When the store
    /// records another half-life for them, rescales every key at `now` in one transaction
    /// (`UsageScore.rescaled`: each favorite keeps its score and its place) and records
    /// `halfLife` in the same transaction. Run at start-up, before any list is read.
    func adoptUsageHalfLife(_ halfLife: UsageHalfLife, at now: Timestamp) throws(StorageError) -> UsageHalfLifeAdoption
    /// Checks the store answers (for readiness), from what is known of its connections: it never
    /// waits on the database.
    func ping() throws(StorageError)
    /// Flushes what the backend buffers at shutdown (SQLite: a WAL checkpoint).
    func close() throws(StorageError)
}

extension DataStore {
    /// SQLite (WAL: a read never waits for a writer) and the in-memory store: no.
    public var readsMayWait: Bool { false }

    /// A store only this process uses: no feed to lose.
    public var changeFeed: ChangeFeedStatus? { nil }
}
