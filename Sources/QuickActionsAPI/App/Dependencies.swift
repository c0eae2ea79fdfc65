import QuickActions
import StorageCore

/// Everything the routes need, built once by whoever assembles the API (the executable's
/// composition root, a test, another program): see `Router.api(_:)`.
public struct Dependencies: Sendable {
    /// The store: every account's contacts, triggers and scheduled items (single-account mode
    /// uses the account `default`'s).
    public var store: any DataStore
    /// Which credentials open which account.
    public var mode: AccountMode
    /// The settings from the operator's files (the shortcut setup, the tokens), which a reload
    /// replaces; the lists and streams follow (see `Router.api`).
    public var settings: CurrentConfiguration
    /// The accounts' shortcut lists (single-account mode's pinned: see `AccountShortcutLists`).
    public var lists: AccountShortcutLists
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
    /// The scheduled items the lists show, moved on at each edge of their windows; nil: none
    /// (the `/scheduled-items` routes then answer 500).
    public var schedule: ScheduleBoard?
    /// Where requests that need the store run when its reads may wait (PostgreSQL); give the
    /// same to `APIHandler`. `/metrics` then reads the store's gauges there too.
    public var workers: StoreWorkers?

    /// Creates the dependencies.
    public init(
        store: any DataStore, mode: AccountMode = .single, settings: CurrentConfiguration, lists: AccountShortcutLists, metrics: Metrics,
        events: EventHub, idempotencyTTLSeconds: Int64, logger: RequestLogger = RequestLogger(level: .error), workers: StoreWorkers? = nil,
        schedule: ScheduleBoard? = nil
    ) {
        self.store = store
        self.mode = mode
        self.settings = settings
        self.lists = lists
        self.metrics = metrics
        self.events = events
        self.idempotencyTTLSeconds = idempotencyTTLSeconds
        self.logger = logger
        self.workers = workers
        self.schedule = schedule
    }

    /// Whether requests need a credential (the served `openapi.yaml` says so, or not). A reload
    /// cannot change it: only token files are read again, and an empty one is refused.
    public var requiresToken: Bool {
        settings.current.serviceToken != nil || mode.fixedAccount == nil
    }
}
