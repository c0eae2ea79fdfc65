import QuickActions
import Sharding
import StorageCore
import Synchronization

/// One account's shortcut list and its representations, kept current by its account's changes
/// (`AccountShortcutLists` holds every account's, and hands each change to its list).
///
/// A change costs what it changes: the list inserts, replaces, moves or removes that one
/// favorite's item, kept sorted by its `DynamicSortKey` (`order`) and found with a binary
/// search. A pick that leaves every item in its place (`ContactChange.usage`) changes nothing:
/// no version, no render, no event. Each representation is rendered once per change, on first
/// use, and the lists' observers (the `/events` streams) are told on the lists' queue, after the
/// write that made the change has returned; changes made meanwhile are told once, as the
/// latest list.
///
/// A change keeps the representations it cannot alter: a `?visible=true` list shows the first
/// few favorites only (`ShortcutListConfiguration.dynamicItemsShown`), so a change beyond them (a pick that
/// moves a favorite within the tail, an edit of a favorite not shown) keeps it, the same object
/// with the same bytes and ETag, not rendered again.
public final class AccountShortcutList: RenderedShortcutList {
    struct State {
        /// The favorites' dynamic items with their JSON, in the list's order (ascending keys).
        var favorites: [FavoriteEntry]
        /// Each favorite's key, by creation sequence: how a pick finds its entry.
        var keys: [Int64: DynamicSortKey]
        /// The scheduled items showing, in list order (replaced by `replaceScheduled`).
        var scheduled: [ScheduledItem]
        /// The static items and the renderer (replaced by `reconfigure`).
        var setup: ShortcutListConfiguration
        var version: Int
        /// Rendered representations. A handful (formats x languages x visibility): finding one
        /// by comparing keys costs less per request than hashing the key.
        var representations: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)] = []

        func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? {
            representations.first { $0.key == key }?.representation
        }

        /// The index of the favorite with creation sequence `sequence`, if it is in the list.
        func index(of sequence: Int64) -> Int? {
            guard let key = keys[sequence] else { return nil }
            let index = favorites.insertionIndex(of: key, by: \.key)
            return index < favorites.count && favorites[index].key == key ? index : nil
        }

        /// Puts `entry` in its place, in place of the entry at `old` (if any); returns the first
        /// position whose item changed (the items before it are as they were), or nil when the
        /// list is as it was.
        mutating func place(_ entry: FavoriteEntry, replacing old: Int?) -> Int? {
            var previous: FavoriteEntry?
            if let old { previous = favorites.remove(at: old) }
            let index = favorites.insertionIndex(of: entry.key, by: \.key)
            favorites.insert(entry, at: index)
            keys[entry.contact.sequence] = entry.key
            guard index != old || previous?.item != entry.item else { return nil }
            return min(index, old ?? index)
        }

        /// Removes the entry at `index`.
        mutating func remove(at index: Int) {
            keys[favorites.remove(at: index).contact.sequence] = nil
        }

        /// A new version (`next`) in which the first `unchanged` favorites' items are as they
        /// were (and in the same places): the representations that show no more of the
        /// favorites are kept; every other one is rendered again on next use.
        mutating func bump(unchanged: Int, to next: Int) {
            version = next
            let setup = setup
            representations.removeAll { entry in
                guard let shown = setup.dynamicItemsShown(by: entry.key) else { return true }
                return shown > unchanged
            }
        }
    }

    /// The account.
    public let account: AccountKey
    let state: Mutex<State>
    /// The list's version, also readable without the lock (changed under it).
    let currentVersion: Atomic<Int>
    /// Per-thread copies of the representations served (nil: the list is served from its
    /// shared state, see `versioned`).
    let rows: PerThreadReplica<RowCache>?
    /// Representations rendered so far (`renders`).
    let renderCount = Atomic<Int>(0)
    /// The lists' numbers: each change takes the next, above every number its account's
    /// streams have seen, from this list or one before it.
    private let versions: ShortcutListVersions
    /// Where the list's changes are told.
    private let events: ListEvents
    /// The lists that keep this one in their cache, told of its first render (nil for a pinned list).
    weak let owner: AccountShortcutLists?
    /// How many changes of its shard the owner had seen when the list was read (see
    /// `AccountShortcutLists.list`).
    let seen: UInt64
    /// Whether an announcement is queued (the changes after it is queued are in it).
    private let announcementQueued = Atomic<Bool>(false)
    /// The last version announced (read and written on the owner's queue only).
    private let announcedVersion: Atomic<Int>
    /// How the favorites are ordered (`--dynamic-order`).
    public let order: DynamicOrder

    /// `account`'s list of `favorites` in `order` at `version`, rendered from `setup`, showing
    /// `scheduled`; each row of `threadRows` keeps copies of its own (nil: none are kept).
    init(
        account: AccountKey, favorites: [Contact], setup: ShortcutListConfiguration, order: DynamicOrder, scheduled: [ScheduledItem],
        versions: ShortcutListVersions, events: ListEvents, threadRows: ThreadRows?, owner: AccountShortcutLists?, seen: UInt64 = 0
    ) {
        self.events = events
        self.account = account
        self.order = order
        self.versions = versions
        self.owner = owner
        self.seen = seen
        rows = threadRows.map { threadRows in PerThreadReplica(rows: threadRows) { _ in RowCache() } }
        let (favorites, keys) = Self.entries(favorites, order: order)
        let version = versions.next()
        state = Mutex(State(favorites: favorites, keys: keys, scheduled: scheduled, setup: setup, version: version))
        currentVersion = Atomic(version)
        announcedVersion = Atomic(version)
    }

    /// Runs `change` on the state, and when it returns the number of unchanged favorites, makes
    /// that a new version and announces it. Returns whether the list changed.
    private func change(_ change: (inout State) -> Int?) -> Bool {
        let changed = state.withLock { state -> Bool in
            guard let unchanged = change(&state) else { return false }
            state.bump(unchanged: unchanged, to: versions.next())
            currentVersion.store(state.version, ordering: .releasing)
            return true
        }
        if changed { announce() }
        return changed
    }

    /// Makes a new version of the list from `setup` (a reload changed the static items or
    /// their translations), announced as any change.
    public func reconfigure(_ setup: ShortcutListConfiguration) {
        _ = change { state in
            state.setup = setup
            state.representations = []
            return 0
        }
    }

    /// Shows `scheduled` (the scheduled items showing now, in list order) between the static
    /// items and the favorites: a new version, announced as any change, unless they are the
    /// ones shown already.
    public func replaceScheduled(_ scheduled: [ScheduledItem]) {
        _ = change { state in
            guard state.scheduled != scheduled else { return nil }
            state.scheduled = scheduled
            return 0
        }
    }

    /// Replaces the whole list by `favorites` (read again from the store).
    func replace(favorites: [Contact]) {
        let (entries, keys) = Self.entries(favorites, order: order)
        _ = change { state in
            state.favorites = entries
            state.keys = keys
            return 0
        }
    }

    /// The full current list (not localized).
    public var items: [ShortcutItem] {
        let (setup, scheduled, dynamic) = state.withLock { ($0.setup, $0.scheduled, $0.favorites.map(\.item.item)) }
        return setup.builder.items(dynamic: scheduled.map { $0.shortcutItem(language: nil) } + dynamic, ranked: true)
    }

    /// The list's version: a number that grows with every change (not the list's `version` hash).
    public var version: Int {
        currentVersion.load(ordering: .acquiring)
    }

    /// How many representations were rendered so far (copies for the thread rows not counted).
    var renders: Int {
        renderCount.load(ordering: .relaxed)
    }

    /// Applies one committed change of the account (a pick's, or a contact's write). Returns
    /// whether the list changed.
    @discardableResult
    func apply(_ change: ContactChange) -> Bool {
        if let usage = change.usage { return apply(usage) }
        guard let sequence = change.changedElsewhere ?? (change.after ?? change.before)?.sequence else { return false }
        // Prerendered before the lock: the lock is held for the move only.
        let entry = change.after.flatMap { $0.favorite ? FavoriteEntry($0, order: order) : nil }
        guard entry != nil || change.before?.favorite == true || change.changedElsewhere != nil else { return false }
        return self.change { state in
            switch (state.index(of: sequence), entry) {
            case (let index, let entry?):
                // Changes come in commit order: the written contact's usage key is the latest.
                return state.place(entry, replacing: index)
            case (let index?, nil):
                state.remove(at: index)
                return index
            case (nil, nil):
                return nil
            }
        }
    }

    /// Applies a pick's new usage key: the favorite moves when its place changes; otherwise only
    /// its stored key changes (no version, no render, no event). Returns whether the list
    /// changed. (The one rule of whether a pick reorders a list.)
    @discardableResult
    func apply(_ usage: UsageChange) -> Bool {
        change { state in
            guard let index = state.index(of: usage.sequence) else { return nil }
            let before = state.favorites[index]
            var contact = before.contact
            contact.usageKey = usage.usageKey
            let entry = FavoriteEntry(contact, order: order, item: before.item)
            guard entry.key != before.key else {
                state.favorites[index] = entry
                return nil
            }
            return state.place(entry, replacing: index)
        }
    }

    /// Queues one announcement of the latest list, unless one is queued already.
    private func announce() {
        guard !announcementQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        events.announcer.async { [self] in
            // Cleared first: a change after this point queues the next announcement.
            announcementQueued.store(false, ordering: .releasing)
            let version = currentVersion.load(ordering: .acquiring)
            guard version != announcedVersion.load(ordering: .relaxed) else { return }
            announcedVersion.store(version, ordering: .relaxed)
            events.tell(.changed(self))
        }
    }
}
