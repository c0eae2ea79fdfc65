/// The in-memory store: `--db memory:` (or `--store memory`).
public struct InMemoryBackend: DataStoreBackend {
    /// Creates the backend.
    public init() {}

    public var name: String { "memory" }

    public func accepts(_ location: String) -> Bool {
        location == "memory:"
    }

    public func open(_ location: String) throws(StorageError) -> any DataStore {
        InMemoryDataStore()
    }
}
