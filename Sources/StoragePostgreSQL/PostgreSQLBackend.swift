import StorageCore

/// PostgreSQL: `--db postgres://…`, `postgresql://…`, a libpq keyword string
/// (`host=/run/postgresql dbname=q`), or `postgres:` (the `PG*` environment variables). It
/// claims every location of those shapes (`DatabaseLocation.hasPostgreSQLShape`), so that one libpq
/// cannot read stops start-up with libpq's reason instead of naming a SQLite file.
public struct PostgreSQLBackend: DataStoreBackend {
    /// The default number of reader connections: as many as the HTTP threads that read at once
    /// on a small machine (`--threads` is 2 by default) and twice that for headroom; each costs
    /// the server a backend process (about 10 MB), so N instances cost N × (pool + 2).
    public static let defaultPoolSize = 4

    /// Reader connections per instance (`--db-pool`).
    public var poolSize: Int
    /// The limits every connection sets (`--db-statement-timeout`, `--db-lock-timeout`).
    public var timeouts: PostgreSQLTimeouts
    /// Where the server's notices and its reachability are logged.
    public var log: StorageLog
    /// The bounds its stores' writes keep (`--max-disabled-items`).
    public var limits: StoreLimits

    /// Creates the backend.
    public init(
        poolSize: Int = Self.defaultPoolSize, timeouts: PostgreSQLTimeouts = .standard, log: StorageLog = .discard, limits: StoreLimits = .standard
    ) {
        self.poolSize = poolSize
        self.timeouts = timeouts
        self.log = log
        self.limits = limits
    }

    public var name: String { "PostgreSQL" }

    public func accepts(_ location: String) -> Bool {
        DatabaseLocation.hasPostgreSQLShape(location)
    }

    public func open(_ location: String) throws(StorageError) -> any DataStore {
        try PostgreSQLDataStore.open(location, poolSize: poolSize, timeouts: timeouts, log: log, limits: limits)
    }
}
