import Storage

/// What one request may reach: one account's contacts, triggers and shortcut list. The
/// handler builds it from the credential (see `AccessControl`); controllers see nothing else,
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

    /// The validator of the representation `representation` of the account's list, when the
    /// list is not cached but the validator is: enough to answer a revalidation (304).
    public func shortcutValidator(for representation: ShortcutRepresentationKey) -> ShortcutValidator? {
        source.shortcutValidator(of: key, for: representation)
    }
}

/// Where a scope's views come from: single-account mode's fixed ones, or a multi-account store's.
public protocol AccountScopeSource: Sendable {
    /// The contacts of `account`.
    func contacts(of account: AccountKey) -> any ContactRepository
    /// The triggers of `account`.
    func triggers(of account: AccountKey) -> any TriggerStore
    /// The shortcut list of `account`.
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList
    /// The validator of `account`'s representation `key` when only it is cached (see `AccountShortcutLists`).
    func shortcutValidator(of account: AccountKey, for key: ShortcutRepresentationKey) -> ShortcutValidator?
}

/// Single-account mode: the account `default`'s views, made once.
struct SingleAccountSource: AccountScopeSource {
    let contacts: any ContactRepository
    let triggers: any TriggerStore
    let list: ShortcutListCache

    func contacts(of account: AccountKey) -> any ContactRepository { contacts }
    func triggers(of account: AccountKey) -> any TriggerStore { triggers }
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList { list }
    func shortcutValidator(of account: AccountKey, for key: ShortcutRepresentationKey) -> ShortcutValidator? { nil }
}

/// Multi-account mode: views of the store, made when a controller asks, and cached lists.
struct MultiAccountSource: AccountScopeSource {
    let store: any DataStore
    let lists: AccountShortcutLists

    func contacts(of account: AccountKey) -> any ContactRepository { store.contacts(of: account) }
    func triggers(of account: AccountKey) -> any TriggerStore { store.triggers(of: account) }
    func shortcuts(of account: AccountKey) throws(StorageError) -> any RenderedShortcutList { try lists.list(for: account) }
    func shortcutValidator(of account: AccountKey, for key: ShortcutRepresentationKey) -> ShortcutValidator? {
        lists.validator(for: account, key: key)
    }
}
