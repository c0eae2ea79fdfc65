import QuickActions
import Storage

/// Everything the routes need, built once by whoever assembles the API (the executable's
/// composition root, a test, another program): see `Router.api(_:)`.
public struct Dependencies: Sendable {
    /// Where contacts live.
    public var repository: any ContactRepository
    /// Where triggers and Idempotency-Key answers live.
    public var triggers: any TriggerStore
    /// Builds the shortcut list from the static items and the favorites.
    public var builder: ShortcutItemBuilder
    /// The current shortcut list and its representations.
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
    /// Whether requests need the bearer token (the served `openapi.yaml` says so, or not).
    public var requiresToken: Bool

    /// Creates the dependencies.
    public init(
        repository: any ContactRepository, triggers: any TriggerStore, builder: ShortcutItemBuilder, cache: ShortcutListCache, metrics: Metrics,
        events: EventHub, catalog: LocalizationCatalog?, idempotencyTTLSeconds: Int64, logger: RequestLogger = RequestLogger(level: .error),
        requiresToken: Bool = false
    ) {
        self.repository = repository
        self.triggers = triggers
        self.builder = builder
        self.cache = cache
        self.metrics = metrics
        self.events = events
        self.catalog = catalog
        self.idempotencyTTLSeconds = idempotencyTTLSeconds
        self.logger = logger
        self.requiresToken = requiresToken
    }
}
