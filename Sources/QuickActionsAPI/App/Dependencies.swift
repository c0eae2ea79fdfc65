import QuickActions
import StorageCore

/// Everything the routes need, built once by whoever assembles the API (the executable's
/// composition root, a test, another program): see `Router.api(_:)`.
public struct Dependencies: Sendable {
    /// The account `default`'s contacts: single-account mode's whole store; readiness asks it.
    public var repository: any ContactRepository
    /// The account `default`'s triggers and Idempotency-Key answers.
    public var triggers: any TriggerStore
    /// The settings from the operator's files (the shortcut setup, the tokens), which a reload
    /// replaces; the lists and streams follow (see `Router.api`).
    public var settings: CurrentSettings
    /// The account `default`'s shortcut list and its representations.
    public var cache: ShortcutListCache
    /// Request counters, scraped at `/metrics`.
    public var metrics: Metrics
    /// The `/events` streams.
    public var events: EventHub
    /// How long an Idempotency-Key answer is replayed.
    public var idempotencyTTLSeconds: Int64
    /// The half-life of the favorites' use scores (`UsageScore`), counted by `/trigger`.
    public var usageHalfLife: UsageHalfLife = .default
    /// Where controllers log what the handler does not see (storage failures of deferred writes).
    public var logger: RequestLogger
    /// The whole store, when the API is given one: its other processes' triggers reach this
    /// process's streams (`DataStore.remoteTriggers`).
    public var store: (any DataStore)?
    /// Multi-account mode (`--accounts`), when on.
    public var accounts: AccountsMode?
    /// The scheduled items the lists show, moved on at each edge of their windows; nil: none
    /// (the `/scheduled-items` routes then answer 500).
    public var schedule: ScheduleBoard?
    /// Where requests that need the store run when its reads may wait (PostgreSQL); give the
    /// same to `APIHandler`. `/metrics` then reads the store's gauges there too.
    public var workers: StoreWorkers?

    /// Multi-account mode: the accounts, their lists and their limits.
    public struct AccountsMode: Sendable {
        /// The store holding every account.
        public var store: any DataStore
        /// The accounts' shortcut lists (`--cache-accounts` of them in memory).
        public var lists: AccountShortcutLists
        /// Account tokens kept in memory (their digests), like the lists.
        public var tokenCacheCapacity: Int
        /// Most contacts an account may hold (`--max-contacts-per-account`).
        public var maxContactsPerAccount: Int

        /// Creates the mode's settings.
        public init(store: any DataStore, lists: AccountShortcutLists, tokenCacheCapacity: Int, maxContactsPerAccount: Int) {
            self.store = store
            self.lists = lists
            self.tokenCacheCapacity = tokenCacheCapacity
            self.maxContactsPerAccount = maxContactsPerAccount
        }
    }

    /// Creates the dependencies.
    public init(
        repository: any ContactRepository, triggers: any TriggerStore, settings: CurrentSettings, cache: ShortcutListCache, metrics: Metrics,
        events: EventHub, idempotencyTTLSeconds: Int64, logger: RequestLogger = RequestLogger(level: .error), store: (any DataStore)? = nil,
        accounts: AccountsMode? = nil, workers: StoreWorkers? = nil, schedule: ScheduleBoard? = nil
    ) {
        self.schedule = schedule
        self.workers = workers
        self.repository = repository
        self.triggers = triggers
        self.settings = settings
        self.cache = cache
        self.metrics = metrics
        self.events = events
        self.idempotencyTTLSeconds = idempotencyTTLSeconds
        self.logger = logger
        self.store = store ?? accounts?.store
        self.accounts = accounts
    }

    /// Whether requests need a credential (the served `openapi.yaml` says so, or not). A reload
    /// cannot change it: only token files are read again, and an empty one is refused.
    public var requiresToken: Bool {
        settings.current.serviceToken != nil || accounts != nil
    }
}
