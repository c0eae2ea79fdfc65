import StorageCore

/// SQLite files: any `--db` location that does not name a database server.
public struct SQLiteBackend: DataStoreBackend {
    /// Where a store says what an operator should read (the rows its reads leave out).
    public var log: StorageLog
    /// The bounds its stores' writes keep (`--max-disabled-items`).
    public var limits: StoreLimits

    /// Creates the backend; its stores tell `log` what an operator should read, and keep `limits`.
    public init(log: StorageLog = .discard, limits: StoreLimits = .standard) {
        self.log = log
        self.limits = limits
    }

    public var name: String { "SQLite" }

    /// A path: anything but a server's location (`DatabaseLocation.namesServer`: a URL,
    /// `postgres:…`, a libpq keyword string), so that a connection string never becomes a file
    /// named after it, whether or not the program links the server's backend.
    public func accepts(_ location: String) -> Bool {
        !DatabaseLocation.namesServer(location)
    }

    public func open(_ location: String) throws(StorageError) -> any DataStore {
        try SQLiteDataStore.open(path: location, log: log, limits: limits)
    }
}
