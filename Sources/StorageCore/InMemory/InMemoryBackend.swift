/// The in-memory store: `--db memory:` (or `--store memory`).
public struct InMemoryBackend: DataStoreBackend {
    /// The bounds its stores' writes keep (`--max-disabled-items`).
    public var limits: StoreLimits

    /// Creates the backend.
    public init(limits: StoreLimits = .standard) {
        self.limits = limits
    }

    public var name: String { "memory" }

    public func accepts(_ location: String) -> Bool {
        location == "memory:"
    }

    public func open(_ location: String) throws(StorageError) -> any DataStore {
        InMemoryDataStore(limits: limits)
    }
}
