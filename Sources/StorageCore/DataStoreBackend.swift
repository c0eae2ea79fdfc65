/// A kind of store the service can open, recognised by the `--db` location it is given. The
/// composition root lists the backends it links; adding one adds a value to that list.
public protocol DataStoreBackend: Sendable {
    /// The backend's name, for messages and `--help`.
    var name: String { get }
    /// Whether `location` (the `--db` value) names a store of this backend.
    func accepts(_ location: String) -> Bool
    /// Opens (creating and migrating when needed) the store at `location`.
    func open(_ location: String) throws(StorageError) -> any DataStore
}
