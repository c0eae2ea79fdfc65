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
///
/// A change keeps the representations it cannot alter: a `?visible=true` list shows the first
/// few favorites only (`ShortcutSetup.dynamicItemsShown`), so a change beyond them (a pick that
/// moves a favorite within the tail, an edit of a favorite not shown) keeps it, the same object
/// with the same bytes and ETag, not rendered again.
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

        /// A new version in which the first `unchanged` favorites' items are as they were (and
        /// in the same places): the representations that show no more of the favorites are
        /// kept; every other one is rendered again on next use.
        mutating func bump(unchanged: Int) {
            version += 1
            let setup = setup
            representations.removeAll { entry in
                guard let shown = setup.dynamicItemsShown(by: entry.key) else { return true }
                return shown > unchanged
            }
        }
    }

    /// One thread row's own copies of the representations it served (see `versioned`), all of
    /// the list at `version`.
    ///
    /// A copy outlives a change of the list while the shared representation for its key has the
    /// same ETag: a strong ETag names the bytes (RFC 9110 §8.8.1), so the copy still is that
    /// representation, and connections keep reusing the response they made for it.
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
    /// Representations rendered so far (`renders`).
    private let renderCount = Atomic<Int>(0)
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
            state.bump(unchanged: 0)
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
            state.bump(unchanged: 0)
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

    /// How many representations were rendered so far (copies for the thread rows not counted).
    var renders: Int {
        renderCount.load(ordering: .relaxed)
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
            let unchanged: Int
            switch (index, entry) {
            case (let index, let entry?):
                // Changes come in commit order: the written contact's usage key is the latest.
                guard let first = state.place(entry, replacing: index) else { return false }
                unchanged = first
            case (let index?, nil):
                state.remove(at: index)
                unchanged = index
            case (nil, nil):
                return false
            }
            state.bump(unchanged: unchanged)
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
            guard let unchanged = state.place(entry, replacing: index) else { return false }
            state.bump(unchanged: unchanged)
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
        guard let shared = state.withLock({ state in state.representation(key).map { Shared(state, $0) } }) else { return nil }
        return keepRowCopy(of: shared, for: key).representation
    }

    /// A list that shows every favorite renders slowly from `slowRenderFavorites` on (about 3 ms
    /// for 10,000); a `?visible=true` list reads only the first few, whatever their number.
    public func rendersSlowly(_ key: ShortcutRepresentationKey) -> Bool {
        state.withLock { $0.favorites.count >= Self.slowRenderFavorites && $0.setup.dynamicItemsShown(by: key) == nil }
    }

    /// How many favorites make a full list's render slow (see `rendersSlowly`).
    static let slowRenderFavorites = 1_000

    /// The largest body a thread row copies (see `keepRowCopy`); a larger one is shared.
    static let rowCopyLimit = 64 << 10

    /// A representation of the shared state, the version it shows, and the ETags of every
    /// representation the state held at that version (what a row's copies are checked against).
    private struct Shared {
        var version: Int
        var representation: ShortcutRepresentation
        var etags: [(key: ShortcutRepresentationKey, etag: String)]

        init(_ state: State, _ representation: ShortcutRepresentation) {
            version = state.version
            self.representation = representation
            etags = state.representations.map { ($0.key, $0.representation.etag) }
        }

        init(version: Int, representation: ShortcutRepresentation) {
            self.version = version
            self.representation = representation
            etags = []
        }
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
    /// thread's row unless the row holds a newer list. The row's copy of an earlier version is
    /// the copy when it has the same ETag (see `RowCache`).
    private func keepRowCopy(of shared: Shared, for key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
        let etag = shared.representation.etag
        let row = rows.current
        let same = row.state.withLock { row in row.representations.first { $0.key == key && $0.representation.etag == etag }?.representation }
        // A large body is shared, not copied: sending it costs far more than a reference count
        // passing between the cores, and a copy per thread and version would cost more still.
        let copy = same ?? (shared.representation.body.count > Self.rowCopyLimit ? shared.representation : shared.representation.copy())
        row.state.withLock { row in
            // A newer list may have been kept already; an older one is never kept over it.
            guard row.version <= shared.version else { return }
            if row.version != shared.version {
                row.version = shared.version
                row.representations.removeAll { mine in
                    !shared.etags.contains { $0.key == mine.key && $0.etag == mine.representation.etag }
                }
            }
            if let index = row.representations.firstIndex(where: { $0.key == key }) {
                if row.representations[index].representation.etag != etag { row.representations[index].representation = copy }
            } else {
                row.representations.append((key, copy))
            }
        }
        return (shared.version, copy)
    }

    /// The representation for `key` from the shared state, rendered on first use after each
    /// change, and the version it shows.
    private func sharedRepresentation(_ key: ShortcutRepresentationKey) -> Shared {
        // The usual case first, without taking a reference to the favorites.
        if let hit = state.withLock({ state in state.representation(key).map { Shared(state, $0) } }) { return hit }
        let (favorites, scheduled, setup, version, cached) = state.withLock {
            ($0.favorites, $0.scheduled, $0.setup, $0.version, $0.representation(key))
        }
        if let cached { return Shared(version: version, representation: cached) }
        // A visible list reads nothing past its cut: built from the favorites it may show (the
        // scheduled items before them only shorten what shows, and the renderer cuts the rest),
        // it is the same bytes, and costs the same with 10,000 favorites as with four.
        let shown = favorites.prefix(setup.dynamicItemsShown(by: key) ?? favorites.count)
        let items = setup.builder.items(dynamic: setup.items(of: scheduled, for: key) + shown.map(\.item.item), ranked: true)
        // The favorites come last; the items before them have no prerendered JSON.
        let staticCount = items.count - shown.count
        let rendered = setup.renderer.render(items, key: key) { index in
            index >= staticCount ? shown[index - staticCount].item : nil
        }
        renderCount.add(1, ordering: .relaxed)
        return state.withLock { state in
            // Only keep it if the list did not change while we rendered.
            guard state.version == version else { return Shared(version: version, representation: rendered) }
            if state.representation(key) == nil { state.representations.append((key, rendered)) }
            return Shared(state, state.representation(key) ?? rendered)
        }
    }
}
