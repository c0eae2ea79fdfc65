import StorageCore

/// What one request may reach: one account's contacts, triggers and shortcut list. The
/// handler builds it from the credential (see `AccessPolicy`); controllers see nothing else,
/// so no controller can reach another account's data.
public struct AccountScope: Sendable {
    /// The account.
    public let key: AccountKey
    private let source: AccountSource

    /// The scope of `key` over `source` (nothing is allocated per request).
    init(key: AccountKey, source: AccountSource) {
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

/// Where a scope's views come from: the store's, made when a controller asks, and the cached
/// lists (in both modes: single-account mode's is the account `default`).
///
/// A class: a scope then holds one reference, and copies as a reference does. (An existential
/// is copied through its type's value witnesses, which kept a request's scope, and the access
/// policy's state that held one, from being borrowed: every request copied both several times
/// over.)
public final class AccountSource: Sendable {
    let store: any DataStore
    let lists: AccountShortcutLists
    /// The views of the pinned list's account, made once (single-account mode's every request).
    private let pinned: (account: AccountKey, contacts: any ContactRepository, triggers: any TriggerStore)?

    init(store: any DataStore, lists: AccountShortcutLists) {
        self.store = store
        self.lists = lists
        pinned = lists.pinned.map { ($0.account, store.contacts(of: $0.account), store.triggers(of: $0.account)) }
    }

    /// The contacts of `account`.
    func contacts(of account: AccountKey) -> any ContactRepository {
        if let pinned, pinned.account == account { return pinned.contacts }
        return store.contacts(of: account)
    }

    /// The triggers of `account`.
    func triggers(of account: AccountKey) -> any TriggerStore {
        if let pinned, pinned.account == account { return pinned.triggers }
        return store.triggers(of: account)
    }

    /// The shortcut list of `account`.
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList { try lists.list(for: account) }
    /// What the cache holds of `account`'s list, for a revalidation of its representation `key`.
    func cachedShortcuts(of account: AccountKey, for key: ShortcutRepresentationKey) -> CachedShortcuts {
        lists.cached(account, key: key)
    }
}
