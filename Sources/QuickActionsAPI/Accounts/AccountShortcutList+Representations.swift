import QuickActions
import Sharding
import Synchronization

extension AccountShortcutList {
    /// One thread row's own copies of the representations it served (see `versioned`), all of
    /// the list at `version`.
    ///
    /// A copy outlives a change of the list while the shared representation for its key has the
    /// same ETag: a strong ETag names the bytes (RFC 9110 §8.8.1), so the copy still is that
    /// representation, and connections keep reusing the response they made for it.
    final class RowCache: Sendable {
        let state = Mutex<(version: Int, representations: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)])>(
            (0, []))
        /// Keeps two rows' locks off one cache line (rows are small objects, allocated together).
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// The representation for `key`, rendered on first use after each change, and the list
    /// version it shows.
    ///
    /// A list with thread rows answers each HTTP thread from copies of its own
    /// (`PerThreadReplica`), under a lock of its own. The HTTP threads then never contend for a
    /// lock or write a shared cache line to serve the list (no reference count shared on the
    /// representation, its bytes or its header fields). A row drops its copies when the version
    /// changes. A list without rows (one of many accounts') answers from its shared state.
    public func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
        guard rows != nil else {
            if let hit = state.withLock({ state in state.representation(key).map { (state.version, $0) } }) { return hit }
            let made = sharedRepresentation(key)
            return (made.version, made.representation)
        }
        if let mine = rowCopy(key) { return mine }
        return keepRowCopy(of: sharedRepresentation(key), for: key)
    }

    public func rendered(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? {
        guard rows != nil else { return state.withLock { $0.representation(key) } }
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

    /// The validators of the representations rendered for the current version (previews
    /// excepted: companions do not revalidate them).
    var validators: [ShortcutValidator] {
        state.withLock { state in
            state.representations.compactMap { entry in
                if case .previewSVG = entry.key.format { return nil }
                return ShortcutValidator(key: entry.key, of: entry.representation)
            }
        }
    }

    /// A representation of the shared state, the version it shows, and the ETags of every
    /// representation the state held at that version (what a row's copies are checked against).
    struct Shared {
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
        guard let rows else { return nil }
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
        guard let row = rows?.current else { return (shared.version, shared.representation) }
        let etag = shared.representation.etag
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
    /// change, and the version it shows. The first render tells the owner (see
    /// `AccountShortcutLists.firstRendered`).
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
        // A list with thread rows makes its 200 once; one of many accounts' shares the header
        // fields of every account's (`ShortcutResponseFields`).
        let rendered = setup.renderer.render(items, key: key, prepared: rows != nil) { index in
            index >= staticCount ? shown[index - staticCount].item : nil
        }
        let first = renderCount.add(1, ordering: .relaxed).oldValue == 0
        let made = state.withLock { state in
            // Only keep it if the list did not change while we rendered.
            guard state.version == version else { return Shared(version: version, representation: rendered) }
            if state.representation(key) == nil { state.representations.append((key, rendered)) }
            return Shared(state, state.representation(key) ?? rendered)
        }
        if first { owner?.firstRendered(self) }
        return made
    }
}
