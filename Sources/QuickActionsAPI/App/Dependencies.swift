import QuickActions
import Storage

/// Everything the routes need, built once by whoever assembles the API (the executable's
/// composition root, a test, another program): see `Router.api(_:)`.
public struct Dependencies: Sendable {
    /// The account `default`'s contacts: single-account mode's whole store; readiness asks it.
    public var repository: any ContactRepository
    /// The account `default`'s triggers and Idempotency-Key answers.
    public var triggers: any TriggerStore
    /// Builds the shortcut list from the static items and the favorites.
    public var builder: ShortcutItemBuilder
    /// The account `default`'s shortcut list and its representations.
    public var cache: ShortcutListCache
    /// Request counters, scraped at `/metrics`.
    public var metrics: Metrics
    /// The `/events` streams.
    public var events: EventHub
    /// Translations of the static items.
    public var catalog: LocalizationCatalog?
    /// How long an Idempotency-Key answer is replayed.
    public var idempotencyTTLSeconds: Int64
    /// Where controllers log what the handler does not see (storage failures of deferred writes).
    public var logger: RequestLogger
    /// Single-account mode's token (`--token`): nil opens every route to anyone.
    public var serviceToken: String?
    /// The whole store, when the API is given one: its other processes' triggers reach this
    /// process's streams (`DataStore.remoteTriggers`).
    public var store: (any DataStore)?
    /// Multi-account mode (`--accounts`), when on.
    public var accounts: AccountsMode?
    /// Where requests that need the store run when its reads may wait (PostgreSQL); give the
    /// same to `APIHandler`. `/metrics` then reads the store's gauges there too.
    public var workers: StoreWorkers?

    /// Multi-account mode: the accounts, their lists and their limits.
    public struct AccountsMode: Sendable {
        /// The store holding every account.
        public var store: any DataStore
        /// The admin token (`--admin-token`).
        public var adminToken: String
        /// The accounts' shortcut lists (`--cache-accounts` of them in memory).
        public var lists: AccountShortcutLists
        /// Account tokens kept in memory (their digests), like the lists.
        public var tokenCacheCapacity: Int
        /// Most contacts an account may hold (`--max-contacts-per-account`).
        public var maxContactsPerAccount: Int

        /// Creates the mode's settings.
        public init(store: any DataStore, adminToken: String, lists: AccountShortcutLists, tokenCacheCapacity: Int, maxContactsPerAccount: Int) {
            self.store = store
            self.adminToken = adminToken
            self.lists = lists
            self.tokenCacheCapacity = tokenCacheCapacity
            self.maxContactsPerAccount = maxContactsPerAccount
        }
    }

    /// Creates the dependencies.
    public init(
        repository: any ContactRepository, triggers: any TriggerStore, builder: ShortcutItemBuilder, cache: ShortcutListCache, metrics: Metrics,
        events: EventHub, catalog: LocalizationCatalog?, idempotencyTTLSeconds: Int64, logger: RequestLogger = RequestLogger(level: .error),
        serviceToken: String? = nil, store: (any DataStore)? = nil, accounts: AccountsMode? = nil, workers: StoreWorkers? = nil
    ) {
        self.workers = workers
        self.repository = repository
        self.triggers = triggers
        self.builder = builder
        self.cache = cache
        self.metrics = metrics
        self.events = events
        self.catalog = catalog
        self.idempotencyTTLSeconds = idempotencyTTLSeconds
        self.logger = logger
        self.serviceToken = serviceToken
        self.store = store ?? accounts?.store
        self.accounts = accounts
    }

    /// Whether requests need a credential (the served `openapi.yaml` says so, or not).
    public var requiresToken: Bool {
        serviceToken != nil || accounts != nil
    }
}
