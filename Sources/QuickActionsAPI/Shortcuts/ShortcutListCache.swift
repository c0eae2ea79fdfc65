import Dispatch
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Synchronization

/// Holds the current shortcut list and its representations.
///
/// A change costs what it changes: the store reports each committed contact change (in commit
/// order, see `ContactChangeFeed`), and the cache inserts, replaces, moves or removes that one
/// favorite's item, kept sorted by its `DynamicSortKey` (`order`) and found with a binary
/// search. A pick that leaves every item in its place (`ContactChange.usage`) changes nothing:
/// no version, no render, no event. Nothing reads the database after start-up. Each representation is rendered once per change, on first use,
/// and observers (the `/events` streams) are told on a queue of their own, after the write
/// that made the change has returned; changes made meanwhile are told once, as the latest list.
public final class ShortcutListCache: RenderedShortcutList {
    private struct State {
        /// The favorites' dynamic items with their JSON, in the list's order (ascending keys).
        var favorites: [FavoriteEntry]
        /// Each favorite's key, by creation sequence: how a pick finds its entry.
        var keys: [Int64: DynamicSortKey]
        /// The scheduled items showing, in list order (replaced by `replaceScheduled`).
        var scheduled: [ScheduledItem] = []
        /// The static items and the renderer (replaced by `reconfigure`).
        var setup: ShortcutSetup
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

        /// Puts `entry` in its place, in place of the entry at `old` (if any); returns whether
        /// the list changed (an item moved, or changed).
        mutating func place(_ entry: FavoriteEntry, replacing old: Int?) -> Bool {
            var previous: FavoriteEntry?
            if let old { previous = favorites.remove(at: old) }
            let index = favorites.insertionIndex(of: entry.key, by: \.key)
            favorites.insert(entry, at: index)
            keys[entry.contact.sequence] = entry.key
            return index != old || previous?.item != entry.item
        }

        /// Removes the entry at `index`.
        mutating func remove(at index: Int) {
            keys[favorites.remove(at: index).contact.sequence] = nil
        }

        /// A new version: every representation is rendered again on next use.
        mutating func bump() {
            version += 1
            representations = []
        }
    }

    /// A favorite in the list: its place, the contact as last seen (its usage key included),
    /// and its prerendered item.
    struct FavoriteEntry: Sendable {
        var key: DynamicSortKey
        var contact: Contact
        var item: PrerenderedShortcutItem

        init(_ contact: Contact, order: DynamicOrder) {
            self.init(contact, order: order, item: PrerenderedShortcutItem(ShortcutItemBuilder.favoriteItem(for: contact)))
        }

        init(_ contact: Contact, order: DynamicOrder, item: PrerenderedShortcutItem) {
            key = order.sortKey(for: contact)
            self.contact = contact
            self.item = item
        }
    }

    /// Sorted entries of `favorites` and their keys.
    private static func entries(_ favorites: [Contact], order: DynamicOrder) -> (favorites: [FavoriteEntry], keys: [Int64: DynamicSortKey]) {
        let entries = favorites.map { FavoriteEntry($0, order: order) }.sorted { $0.key < $1.key }
        return (entries, Dictionary(entries.map { ($0.contact.sequence, $0.key) }, uniquingKeysWith: { _, last in last }))
    }

    /// One thread row's own copies of the representations it served (see `representation`).
    private final class RowCache: Sendable {
        let state = Mutex<(version: Int, representations: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)])>(
            (0, []))
        /// Keeps two rows' locks off one cache line (rows are small objects, allocated together).
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    private let state: Mutex<State>
    private let observers = Mutex<[@Sendable (ShortcutListCache) -> Void]>([])
    /// The list's version, also readable without the lock (changed under it).
    private let currentVersion = Atomic<Int>(1)
    /// Per-thread copies.
    private let rows: PerThreadReplica<RowCache>
    /// Tells observers of changes, off the writers' threads.
    private let announcer = DispatchQueue(label: "quickactiond.shortcuts.announce")
    /// The repository the list reads again after a change it did not see the details of.
    private let source: any ContactRepository
    /// Whether an announcement is queued (the changes after it is queued are in it).
    private let announcementQueued = Atomic<Bool>(false)
    /// The last version announced (read and written on `announcer` only).
    private let announcedVersion = Atomic<Int>(1)
    /// Where a re-read that failed is tried again.
    private let rereads = DispatchQueue(label: "quickactiond.shortcuts.reread")
    /// Counts re-reads begun: only the latest one's favorites replace the list.
    private let rereadsBegun = Atomic<Int>(0)
    /// Whether a retry of a failed re-read is queued.
    private let retryQueued = Atomic<Bool>(false)
    /// How the favorites are ordered (`--dynamic-order`).
    public let order: DynamicOrder

    /// Builds the first list from the repository's favorites and `setup`, the favorites in
    /// `order`, then follows the changes of its account (and of the setup: `reconfigure`). Each
    /// row of `threadRows` keeps copies of its own.
    public init(
        setup: ShortcutSetup, repository: any ContactRepository, threadRows: ThreadRows, order: DynamicOrder = .default
    ) throws(StorageError) {
        source = repository
        self.order = order
        rows = PerThreadReplica(rows: threadRows) { _ in RowCache() }
        let (favorites, keys) = Self.entries(try repository.favorites(), order: order)
        state = Mutex(State(favorites: favorites, keys: keys, setup: setup, version: 1))
        // Read first, then followed: nothing writes before the server starts serving. The
        // observer holds the list weakly and reaches the repository through it: the feed
        // belongs to the repository, so holding either strongly would be a cycle.
        let account = repository.account
        repository.changes.observe { [weak self] change in
            guard let self, change.account == account else { return }
            if change.isReread {
                // Another process changed the account: read its favorites again.
                self.reread()
            } else if let usage = change.usage {
                self.apply(usage)
            } else {
                self.apply(change)
            }
        }
    }

    /// The list with `builder`'s static items, rendered by `renderer`.
    public convenience init(
        builder: ShortcutItemBuilder, repository: any ContactRepository, renderer: ShortcutListRenderer, threadRows: ThreadRows
    ) throws(StorageError) {
        try self.init(setup: ShortcutSetup(builder: builder, renderer: renderer), repository: repository, threadRows: threadRows)
    }

    /// Makes a new version of the list from `setup` (a reload changed the static items or
    /// their translations), announced as any change.
    public func reconfigure(_ setup: ShortcutSetup) {
        state.withLock { state in
            state.setup = setup
            state.version += 1
            state.representations = []
            currentVersion.store(state.version, ordering: .releasing)
        }
        announce()
    }

    /// Shows `scheduled` (the scheduled items showing now, in list order) between the static
    /// items and the favorites: a new version, announced as any change, unless they are the
    /// ones shown already.
    public func replaceScheduled(_ scheduled: [ScheduledItem]) {
        let changed = state.withLock { state -> Bool in
            guard state.scheduled != scheduled else { return false }
            state.scheduled = scheduled
            state.bump()
            currentVersion.store(state.version, ordering: .releasing)
            return true
        }
        if changed { announce() }
    }

    /// Reads the favorites again and replaces the list, unless a later re-read began meanwhile
    /// (its favorites are newer). A read that fails (the database did not answer in time, or is
    /// unreachable) is tried again a second later, off the caller's thread, until one succeeds:
    /// the list is never left behind a change it was told of.
    private func reread() {
        let begun = rereadsBegun.add(1, ordering: .acquiringAndReleasing).newValue
        do throws(StorageError) {
            let favorites = try source.favorites()
            if rereadsBegun.load(ordering: .acquiring) == begun { replace(favorites: favorites) }
        } catch {
            guard !retryQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
            rereads.asyncAfter(deadline: .now() + .seconds(1)) { [weak self] in
                self?.retryQueued.store(false, ordering: .releasing)
                self?.reread()
            }
        }
    }

    /// Replaces the whole list by `favorites` (read again from the store).
    func replace(favorites: [Contact]) {
        let (entries, keys) = Self.entries(favorites, order: order)
        state.withLock { state in
            state.favorites = entries
            state.keys = keys
            state.bump()
            currentVersion.store(state.version, ordering: .releasing)
        }
        announce()
    }

    /// Calls `observer` after changes of the list, in order, on a queue of the cache's own
    /// (changes in quick succession are told once, as the latest list).
    public func onChange(_ observer: @escaping @Sendable (ShortcutListCache) -> Void) {
        observers.withLock { $0.append(observer) }
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

    /// The representations rendered for the current version (previews excepted: companions do
    /// not revalidate them).
    var rendered: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)] {
        state.withLock { state in
            state.representations.filter { entry in
                if case .previewSVG = entry.key.format { return false }
                return true
            }
        }
    }

    /// Applies one committed contact change: only a favorite before or after touches the list
    /// (after another process's write, whatever the list holds of the contact). Returns whether
    /// the list changed.
    @discardableResult
    func apply(_ change: ContactChange) -> Bool {
        guard let sequence = change.changedElsewhere ?? (change.after ?? change.before)?.sequence else { return false }
        // Prerendered before the lock: the lock is held for the move only.
        let entry = change.after.flatMap { $0.favorite ? FavoriteEntry($0, order: order) : nil }
        guard entry != nil || change.before?.favorite == true || change.changedElsewhere != nil else { return false }
        let changed = state.withLock { state -> Bool in
            let index = state.index(of: sequence)
            switch (index, entry) {
            case (let index, let entry?):
                // Changes come in commit order: the written contact's usage key is the latest.
                guard state.place(entry, replacing: index) else { return false }
            case (let index?, nil):
                state.remove(at: index)
            case (nil, nil):
                return false
            }
            state.bump()
            currentVersion.store(state.version, ordering: .releasing)
            return true
        }
        if changed { announce() }
        return changed
    }

    /// Applies a pick's new usage key: the favorite moves when its place changes; otherwise only
    /// its stored key changes (no version, no render, no event). Returns whether the list changed.
    @discardableResult
    func apply(_ usage: UsageChange) -> Bool {
        let changed = state.withLock { state -> Bool in
            guard let index = state.index(of: usage.sequence) else { return false }
            let before = state.favorites[index]
            let entry = FavoriteEntry(Self.contact(before.contact, usageKey: usage.usageKey), order: order, item: before.item)
            guard entry.key != before.key else {
                state.favorites[index] = entry
                return false
            }
            guard state.place(entry, replacing: index) else { return false }
            state.bump()
            currentVersion.store(state.version, ordering: .releasing)
            return true
        }
        if changed { announce() }
        return changed
    }

    /// `contact` with `usageKey`.
    private static func contact(_ contact: Contact, usageKey: Double?) -> Contact {
        var changed = contact
        changed.usageKey = usageKey
        return changed
    }

    /// Queues one announcement of the latest list, unless one is queued already.
    private func announce() {
        guard !announcementQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
        announcer.async { [self] in
            // Cleared first: a change after this point queues the next announcement.
            announcementQueued.store(false, ordering: .releasing)
            let version = currentVersion.load(ordering: .acquiring)
            guard version != announcedVersion.load(ordering: .relaxed) else { return }
            announcedVersion.store(version, ordering: .relaxed)
            observers.withLock { $0 }.forEach { $0(self) }
        }
    }

    /// The representation for `key`, rendered on first use after each change, and the list
    /// version it shows.
    ///
    /// Each HTTP thread answers from copies of its own (`PerThreadReplica`), under a lock of
    /// its own. The HTTP threads then never contend for a lock or write a shared cache line to
    /// serve the list (no reference count shared on the representation, its bytes or its
    /// header fields). A row drops its copies when the version changes.
    public func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
        if let mine = rowCopy(key) { return mine }
        return keepRowCopy(of: sharedRepresentation(key), for: key)
    }

    public func rendered(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? {
        if let mine = rowCopy(key) { return mine.representation }
        guard let shared = state.withLock({ state in state.representation(key).map { (state.version, $0) } }) else { return nil }
        return keepRowCopy(of: shared, for: key).representation
    }

    /// This thread row's copy of the representation for `key`, when it has one of the current list.
    private func rowCopy(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation)? {
        let version = currentVersion.load(ordering: .acquiring)
        let mine = rows.current.state.withLock { row in
            row.version == version ? row.representations.first { $0.key == key }?.representation : nil
        }
        return mine.map { (version, $0) }
    }

    /// A copy of `shared` (the representation for `key` of the list at its version), kept in this
    /// thread's row unless the row holds a newer list.
    private func keepRowCopy(
        of shared: (version: Int, representation: ShortcutRepresentation), for key: ShortcutRepresentationKey
    ) -> (version: Int, representation: ShortcutRepresentation) {
        let copy = shared.representation.copy()
        rows.current.state.withLock { row in
            // A newer list may have been kept already; an older one is never kept over it.
            guard row.version <= shared.version else { return }
            if row.version != shared.version { row = (shared.version, []) }
            if !row.representations.contains(where: { $0.key == key }) { row.representations.append((key, copy)) }
        }
        return (shared.version, copy)
    }

    /// The representation for `key` from the shared state, rendered on first use after each
    /// change, and the version it shows.
    private func sharedRepresentation(_ key: ShortcutRepresentationKey) -> (Int, ShortcutRepresentation) {
        // The usual case first, without taking a reference to the favorites.
        if let hit = state.withLock({ state in state.representation(key).map { (state.version, $0) } }) { return hit }
        let (favorites, scheduled, setup, version, cached) = state.withLock {
            ($0.favorites, $0.scheduled, $0.setup, $0.version, $0.representation(key))
        }
        if let cached { return (version, cached) }
        let items = setup.builder.items(dynamic: setup.items(of: scheduled, for: key) + favorites.map(\.item.item), ranked: true)
        // The favorites come last; the items before them have no prerendered JSON.
        let staticCount = items.count - favorites.count
        let rendered = setup.renderer.render(items, key: key) { index in
            index >= staticCount ? favorites[index - staticCount].item : nil
        }
        state.withLock { state in
            // Only keep it if the list did not change while we rendered.
            if state.version == version, state.representation(key) == nil { state.representations.append((key, rendered)) }
        }
        return (version, rendered)
    }
}
