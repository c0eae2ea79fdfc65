import Dispatch
import QuickActions
import StorageCore
import Synchronization

/// The scheduled items as the lists show them: read from the store at start and after each
/// write (this process's, or another's on a shared store), and moved on at each edge of their
/// windows by an `EdgeTimer`, with no request needed.
///
/// Every list is made for one instant, `listedAt` (the last read or edge): an item shows in it
/// when its window holds that instant. Observers (the shortcut lists, the `/events` streams)
/// are told which accounts' lists changed, after the new items are in place.
public final class ScheduleBoard: Sendable {
    /// What the board holds.
    private struct State {
        /// Every item not purged, deleted ones included.
        var stored: [StoredScheduledItem] = []
        /// The items not deleted, in list order.
        var timeline = ScheduleTimeline([])
        /// The accounts each item naming accounts applies to, by item id.
        var accounts: [String: Set<AccountKey>] = [:]
        /// The instant the lists are made for.
        var listedAt = Timestamp(millisecondsSince1970: 0)
        /// The types whose items the lists leave out (see `hideItems(ofTypes:)`).
        var hiddenTypes: Set<String> = []
    }

    private let items: any ScheduledItemStore
    /// Resolves the account ids items name (multi-account mode); nil in single-account mode.
    private let accountStore: (any AccountStore)?
    private let clock: any EdgeClock
    /// How long after an item left the list its triggers are still accepted (`--stale-window`).
    public let staleWindow: Duration
    /// How long an item that left the list is listed as disabled (`--disabled-retention`).
    public let retention: Duration
    private let state = Mutex(State())
    private let observers = Mutex<[@Sendable (ScheduleChange) -> Void]>([])
    /// Serialises reads of the store with the edges, so a list is never made from older items
    /// than one before it.
    private let updates = Mutex(())
    private let timer: Mutex<EdgeTimer?> = Mutex(nil)

    /// A board over `items`; `accounts` resolves the account ids items name (multi-account
    /// mode). Reads the items and starts waiting for their first edge; another process's write
    /// (`ScheduledItemStore.remoteChanges`) is read on a queue of the board's own.
    public init(
        items: any ScheduledItemStore, accounts: (any AccountStore)? = nil, clock: any EdgeClock = DispatchEdgeClock(),
        staleWindow: Duration = ScheduleTimeline.defaultStaleWindow, retention: Duration = DisabledItem.defaultRetention
    ) throws(StorageError) {
        self.items = items
        accountStore = accounts
        self.clock = clock
        self.staleWindow = staleWindow
        self.retention = retention
        start()
        try reload()
    }

    /// Makes the timer, and follows the other processes' writes.
    private func start() {
        let timer = EdgeTimer(clock: clock) { [weak self] edge in self?.edge(edge) }
        self.timer.withLock { $0 = timer }
        let rereads = DispatchQueue(label: "quickactiond.schedule.reread")
        items.remoteChanges.observe { [weak self] in
            guard let board = self else { return }
            rereads.async { try? board.reload() }
        }
    }

    /// Stops waiting for edges.
    public func stop() {
        timer.withLock { $0 }?.stop()
    }

    /// Calls `observer` after each change of the lists (a write, an edge), with the accounts
    /// whose lists changed, once the items are in place.
    public func onChange(_ observer: @escaping @Sendable (ScheduleChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// The current time on the board's clock.
    public func now() -> Timestamp {
        clock.now()
    }

    /// The items not deleted, in list order.
    public var timeline: ScheduleTimeline {
        state.withLock { $0.timeline }
    }

    /// The instant the lists are made for.
    public var listedAt: Timestamp {
        state.withLock { $0.listedAt }
    }

    /// The items the list of `account` shows, in list order.
    public func showing(for account: AccountKey) -> [ScheduledItem] {
        state.withLock { state in
            Self.showing(state).filter { Self.applies($0, to: account, in: state) }
        }
    }

    /// Leaves the items of `types` out of the lists from now on (and puts back those of types no
    /// longer among them): the static items' types, which win over a scheduled item of the same
    /// type stored before a static item took it. A device could not tell two items of one type
    /// apart.
    public func hideItems(ofTypes types: Set<String>) {
        let change = updates.withLock { _ in
            state.withLock { state -> ScheduleChange in
                let before = Self.showingByID(state)
                state.hiddenTypes = types
                return Self.change(from: before, to: Self.showingByID(state))
            }
        }
        if !change.isEmpty { tell(change) }
    }

    /// The disabled items of `account`'s list at `now`: one per item that left it (ended or
    /// deleted after it showed) within the retention, oldest first.
    public func disabledItems(for account: AccountKey, at now: Timestamp) -> [DisabledItem] {
        state.withLock { state in
            state.stored.compactMap { stored -> DisabledItem? in
                guard let disabledItem = stored.disabledItem(at: now), !disabledItem.isExpired(at: now, retention: retention) else { return nil }
                return Self.applies(stored.item, to: account, in: state) ? disabledItem : nil
            }
        }
    }

    /// Whether a trigger of the item `id`, of type `type`, by `account` at `now` is accepted:
    /// while the item shows in the account's list and for the stale window after it left it
    /// (ended or deleted). Not before its window, nor for an item deleted before it showed,
    /// another type, another account's item, or an id no item has (never one, or purged).
    public func acceptsTrigger(of id: String, type: String, by account: AccountKey, at now: Timestamp) -> Bool {
        state.withLock { state in
            guard let stored = state.stored.first(where: { $0.item.id == id }), stored.item.type == type else { return false }
            return Self.applies(stored.item, to: account, in: state) && stored.acceptsTrigger(at: now, staleWindow: staleWindow)
        }
    }

    /// Reads the items again (after a write), puts them in place for now, tells the observers
    /// whose lists changed, and waits for the next edge. Also purges the items past the
    /// retention.
    public func reload() throws(StorageError) {
        try updates.withLock { (_) throws(StorageError) in
            let now = clock.now()
            _ = try? items.purge(leftBefore: now.advanced(by: .zero - retention))
            let stored = try items.all()
            let live = stored.filter { $0.deletedAt == nil }.map(\.item)
            var resolved: [String: Set<AccountKey>] = [:]
            if let accountStore {
                var keys: [String: AccountKey?] = [:]
                // Deleted items too: their disabled items are listed in the lists they were in.
                for item in stored.map(\.item) {
                    guard let ids = item.accounts else { continue }
                    var set = Set<AccountKey>()
                    for id in ids {
                        if keys[id] == nil { keys[id] = .some(try accountStore.account(id: id)?.key) }
                        if let key = keys[id] ?? nil { set.insert(key) }
                    }
                    resolved[item.id] = set
                }
            }
            let timeline = ScheduleTimeline(live)
            let change = state.withLock { state -> ScheduleChange in
                let before = Self.showingByID(state)
                state.stored = stored
                state.timeline = timeline
                state.accounts = resolved
                state.listedAt = now
                let after = Self.showingByID(state)
                return Self.change(from: before, to: after)
            }
            timer.withLock { $0 }?.follow(timeline, listedAt: now)
            if !change.isEmpty { tell(change) }
        }
    }

    /// At an edge: the lists are made for the edge's instant from now on.
    private func edge(_ edge: EdgeTimer.Edge) {
        let change = updates.withLock { _ in
            state.withLock { state -> ScheduleChange in
                let before = Self.showingByID(state)
                state.listedAt = edge.at
                return Self.change(from: before, to: Self.showingByID(state))
            }
        }
        if !change.isEmpty { tell(change) }
    }

    private func tell(_ change: ScheduleChange) {
        for observer in observers.withLock({ $0 }) { observer(change) }
    }

    /// The items showing at `listedAt`, by id.
    private static func showingByID(_ state: State) -> [String: (item: ScheduledItem, accounts: Set<AccountKey>?)] {
        var showing: [String: (item: ScheduledItem, accounts: Set<AccountKey>?)] = [:]
        for item in Self.showing(state) {
            showing[item.id] = (item, item.accounts == nil ? nil : state.accounts[item.id] ?? [])
        }
        return showing
    }

    /// The items showing at `listedAt` whose types are not hidden, in list order.
    private static func showing(_ state: State) -> [ScheduledItem] {
        let showing = state.timeline.showing(at: state.listedAt)
        return state.hiddenTypes.isEmpty ? showing : showing.filter { !state.hiddenTypes.contains($0.type) }
    }

    /// The accounts whose lists differ between `before` and `after`: those of each item that
    /// came, went or changed (every account for an item that applies to every one).
    private static func change(
        from before: [String: (item: ScheduledItem, accounts: Set<AccountKey>?)],
        to after: [String: (item: ScheduledItem, accounts: Set<AccountKey>?)]
    ) -> ScheduleChange {
        var accounts = Set<AccountKey>()
        for id in Set(before.keys).union(after.keys) where before[id]?.item != after[id]?.item || before[id]?.accounts != after[id]?.accounts {
            for side in [before[id], after[id]] {
                guard let side else { continue }
                guard let keys = side.accounts else { return ScheduleChange(accounts: nil) }
                accounts.formUnion(keys)
            }
        }
        return ScheduleChange(accounts: accounts)
    }

    /// Whether `item` applies to `account`: every account, or one of those it names.
    private static func applies(_ item: ScheduledItem, to account: AccountKey, in state: State) -> Bool {
        guard item.accounts != nil else { return true }
        return state.accounts[item.id]?.contains(account) ?? false
    }
}
