import StorageCore

/// SQLite files: any `--db` location that does not name a database server.
public struct SQLiteBackend: DataStoreBackend {
    /// Creates the backend.
    public init() {}

    public var name: String { "SQLite" }

    /// A path: anything but a server's location (`DatabaseLocation.namesServer`: a URL,
    /// `postgres:…`, a libpq keyword string), so that a connection string never becomes a file
    /// named after it, whether or not the program links the server's backend.
    public func accepts(_ location: String) -> Bool {
        !DatabaseLocation.namesServer(location)
    }

    public func open(_ location: String) throws(StorageError) -> any DataStore {
        try SQLiteDataStore.open(path: location)
    }
}
