import StorageCore

/// What one request may reach: one account's contacts, triggers and shortcut list. The
/// handler builds it from the credential (see `AccessPolicy`); controllers see nothing else,
/// so no controller can reach another account's data.
public struct AccountScope: Sendable {
    /// The account.
    public let key: AccountKey
    private let source: any AccountScopeSource

    /// The scope of `key` over `source` (made once per mode; nothing is allocated per request).
    public init(key: AccountKey, source: any AccountScopeSource) {
        self.key = key
        self.source = source
    }

    /// Its contacts.
    public var contacts: any ContactRepository { source.contacts(of: key) }

    /// Its triggers and Idempotency-Key answers.
    public var triggers: any TriggerStore { source.triggers(of: key) }

    /// The account's current shortcut list (built from the store on a cache miss).
    public func shortcuts() throws(StorageError) -> any RenderedShortcutList {
        try source.shortcuts(of: key)
    }

    /// What the cache holds of the account's list, for a revalidation of `representation`: the
    /// list, or the representation's validator when only it is kept (see `AccountShortcutLists`).
    public func cachedShortcuts(for representation: ShortcutRepresentationKey) -> CachedShortcuts {
        source.cachedShortcuts(of: key, for: representation)
    }
}

/// What the cache holds of an account's list (see `AccountScope.cachedShortcuts`).
public enum CachedShortcuts: Sendable {
    /// The list itself.
    case list(any RenderedShortcutList)
    /// The validator of the representation asked for, the list having left the cache.
    case validator(ShortcutValidator)
    /// Neither: the list must be read.
    case none
}

/// Where a scope's views come from: single-account mode's fixed ones, or a multi-account store's.
///
/// Class-bound: a scope then holds one reference, and copies as a reference does. (An
/// unconstrained existential is copied through its type's value witnesses, which kept a
/// request's scope, and the access policy's state that held one, from being borrowed: every
/// request copied both several times over.)
public protocol AccountScopeSource: AnyObject, Sendable {
    /// The contacts of `account`.
    func contacts(of account: AccountKey) -> any ContactRepository
    /// The triggers of `account`.
    func triggers(of account: AccountKey) -> any TriggerStore
    /// The shortcut list of `account`.
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList
    /// What the cache holds of `account`'s list, for a revalidation of its representation `key`.
    func cachedShortcuts(of account: AccountKey, for key: ShortcutRepresentationKey) -> CachedShortcuts
}

/// Single-account mode: the account `default`'s views, made once.
final class SingleAccountSource: AccountScopeSource {
    let contacts: any ContactRepository
    let triggers: any TriggerStore
    let list: ShortcutListCache

    init(contacts: any ContactRepository, triggers: any TriggerStore, list: ShortcutListCache) {
        self.contacts = contacts
        self.triggers = triggers
        self.list = list
    }

    func contacts(of account: AccountKey) -> any ContactRepository { contacts }
    func triggers(of account: AccountKey) -> any TriggerStore { triggers }
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList { list }
    func cachedShortcuts(of account: AccountKey, for key: ShortcutRepresentationKey) -> CachedShortcuts { .list(list) }
}

/// Multi-account mode: views of the store, made when a controller asks, and cached lists.
final class MultiAccountSource: AccountScopeSource {
    let store: any DataStore
    let lists: AccountShortcutLists

    init(store: any DataStore, lists: AccountShortcutLists) {
        self.store = store
        self.lists = lists
    }

    func contacts(of account: AccountKey) -> any ContactRepository { store.contacts(of: account) }
    func triggers(of account: AccountKey) -> any TriggerStore { store.triggers(of: account) }
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList { try lists.list(for: account) }
    func cachedShortcuts(of account: AccountKey, for key: ShortcutRepresentationKey) -> CachedShortcuts {
        lists.cached(account, key: key)
    }
}
