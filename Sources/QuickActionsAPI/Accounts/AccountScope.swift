import Storage

/// What one request may reach: one account's contacts, triggers and shortcut list. The
/// handler builds it from the credential (see `AccessControl`); controllers see nothing else,
/// so no controller can reach another account's data.
public struct AccountScope: Sendable {
    /// The account.
    public let key: AccountKey
    /// Its contacts.
    public let contacts: any ContactRepository
    /// Its triggers and Idempotency-Key answers.
    public let triggers: any TriggerStore
    private let list: @Sendable () throws(StorageError) -> ShortcutListCache

    /// A scope whose shortcut list comes from `list` (asked only by the routes that need it).
    public init(
        key: AccountKey, contacts: any ContactRepository, triggers: any TriggerStore,
        list: @escaping @Sendable () throws(StorageError) -> ShortcutListCache
    ) {
        self.key = key
        self.contacts = contacts
        self.triggers = triggers
        self.list = list
    }

    /// The account's current shortcut list (built from the store on a cache miss).
    public func shortcuts() throws(StorageError) -> ShortcutListCache {
        try list()
    }
}
