import QuickActions
import Sharding
import StorageCore
import Synchronization

@testable import QuickActionsAPI

/// A store whose account `default` is `repository` (with `triggers`), everything else an
/// in-memory store's: the lists and the API over one repository, as single-account tests build
/// them (a repository that fails, a SQLite file opened alone).
final class RepositoryStore: DataStore {
    let repository: any ContactRepository
    let defaultTriggers: any TriggerStore
    private let base = InMemoryDataStore()

    init(_ repository: any ContactRepository, triggers: any TriggerStore = InMemoryTriggerStore()) {
        self.repository = repository
        defaultTriggers = triggers
    }

    var accounts: any AccountStore { base.accounts }
    func contacts(of account: AccountKey) -> any ContactRepository { account == .default ? repository : base.contacts(of: account) }
    func triggers(of account: AccountKey) -> any TriggerStore { account == .default ? defaultTriggers : base.triggers(of: account) }
    var scheduledItems: any ScheduledItemStore { base.scheduledItems }
    var changes: ContactChangeFeed { repository.changes }
    var remoteTriggers: TriggerFeed { base.remoteTriggers }
    var skippedRows: StoredRowSkips { base.skippedRows }
    func adoptUsageHalfLife(_ halfLife: UsageHalfLife, at now: Timestamp) throws(StorageError) -> UsageHalfLifeAdoption {
        try base.adoptUsageHalfLife(halfLife, at: now)
    }
    func ping() throws(StorageError) { try repository.ping() }
    func close() throws(StorageError) {}
}

extension AccountShortcutLists {
    /// Single-account mode's lists over `repository` alone: its list pinned, with copies per row of `threadRows`.
    static func pinning(
        _ repository: any ContactRepository, setup: ShortcutListConfiguration = ShortcutListConfiguration(), order: DynamicOrder = .default,
        threadRows: ThreadRows = ThreadRows(ownRows: 0)
    ) throws -> AccountShortcutLists {
        try AccountShortcutLists(
            capacity: 16, store: RepositoryStore(repository), setup: setup, order: order, pinning: .default, threadRows: threadRows)
    }
}

extension AccountShortcutList {
    /// The lists `following` made, kept for the test process: a list follows its store's
    /// changes through them.
    private static let kept = Mutex<[ObjectIdentifier: AccountShortcutLists]>([:])

    /// Single-account mode's list of `repository`, following its changes.
    static func following(
        _ repository: any ContactRepository, setup: ShortcutListConfiguration = ShortcutListConfiguration(), order: DynamicOrder = .default,
        threadRows: ThreadRows = ThreadRows(ownRows: 0)
    ) throws -> AccountShortcutList {
        let lists = try AccountShortcutLists.pinning(repository, setup: setup, order: order, threadRows: threadRows)
        guard let list = lists.pinned else { preconditionFailure("a pinned list is made with its lists") }
        kept.withLock { $0[ObjectIdentifier(list)] = lists }
        return list
    }

    /// `following` with `builder`'s static items, rendered by `renderer`.
    static func following(
        builder: ShortcutItemBuilder, repository: any ContactRepository, renderer: ShortcutListRenderer, threadRows: ThreadRows
    ) throws -> AccountShortcutList {
        try following(repository, setup: ShortcutListConfiguration(builder: builder, renderer: renderer), threadRows: threadRows)
    }

    /// Calls `observer` with the list after its changes (as the `/events` streams hear them).
    func onChange(_ observer: @escaping @Sendable (AccountShortcutList) -> Void) {
        let lists = Self.kept.withLock { $0[ObjectIdentifier(self)] }
        lists?.onChange { [weak self] change in
            if case .changed(let list) = change, list === self { observer(list) }
        }
    }
}
