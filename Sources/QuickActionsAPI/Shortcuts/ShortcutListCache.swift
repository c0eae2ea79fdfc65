import Dispatch
import HTTPServer
import QuickActions
import Storage
import Synchronization

/// One prepared representation of the shortcut list: bytes ready to send, and their ETag.
public final class ShortcutRepresentation: Sendable {
    /// The body, shared by every response that sends it.
    public let body: SharedBytes
    /// The strong ETag, quoted.
    public let etag: String
    /// The version (the ETag without quotes).
    public let version: String
    /// The media type.
    public let contentType: String
    /// The language the titles are in, when a localization was chosen.
    public let language: String?
    /// The header fields of a 200 answer, and of a 304 (the same without Content-Type): made
    /// once, and shared by every response (a request adds only its X-Request-Id, kept apart).
    public let headers: HTTPHeaders
    public let notModifiedHeaders: HTTPHeaders

    /// A copy with bytes and header fields of its own (see `ShortcutListCache.representation`).
    func copy() -> ShortcutRepresentation {
        ShortcutRepresentation(body: SharedBytes(body.array), etag: etag, version: version, contentType: contentType, language: language)
    }

    public init(body: SharedBytes, etag: String, version: String, contentType: String, language: String?) {
        self.body = body
        self.etag = etag
        self.version = version
        self.contentType = contentType
        self.language = language
        var headers = HTTPHeaders(capacity: 5)
        headers.add("ETag", etag)
        headers.add("Cache-Control", "no-cache")
        headers.add("Vary", "Accept, Accept-Language")
        if let language { headers.add("Content-Language", language) }
        notModifiedHeaders = headers.prepared()
        headers.add("Content-Type", contentType)
        self.headers = headers.prepared()
    }
}

/// Which representation a request wants.
public struct ShortcutRepresentationKey: Sendable, Hashable {
    /// Output format.
    public enum Format: Sendable, Hashable {
        case json
        case propertyList
        /// The menu as an SVG picture (see `ShortcutListRenderer.renderPreview`).
        case previewSVG(PreviewAppearance, warnings: Bool)
    }

    /// JSON, property list or SVG preview.
    public var format: Format
    /// The negotiated language, or nil for the Info.plist text.
    public var language: String?
    /// Only the items the Home Screen shows.
    public var visibleOnly: Bool
}

/// Holds the current shortcut list and its representations.
///
/// A change costs what it changes: the store reports each committed contact change (in commit
/// order, see `ContactChangeFeed`), and the cache inserts, replaces or removes that one
/// favorite's item, found by its creation sequence with a binary search. Nothing reads the
/// database after start-up. Each representation is rendered once per change, on first use,
/// and observers (the `/events` streams) are told on a queue of their own, after the write
/// that made the change has returned; changes made meanwhile are told once, as the latest list.
public final class ShortcutListCache: Sendable {
    private struct State {
        /// The favorites' dynamic items, by creation sequence (ascending), with their JSON.
        var favorites: [(sequence: Int64, item: PrerenderedShortcutItem)]
        var version: Int
        /// Rendered representations. A handful (formats x languages x visibility): finding one
        /// by comparing keys costs less per request than hashing the key.
        var representations: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)] = []

        func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? {
            representations.first { $0.key == key }?.representation
        }

        /// The index of the first favorite whose sequence is not below `sequence`.
        func position(of sequence: Int64) -> Int {
            var low = 0
            var high = favorites.count
            while low < high {
                let middle = (low + high) / 2
                if favorites[middle].sequence < sequence { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    /// One thread row's own copies of the representations it served (see `representation`).
    private final class RowCache: Sendable {
        let state = Mutex<(version: Int, representations: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)])>(
            (0, []))
        /// Keeps two rows' locks off one cache line.
        private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    private let builder: ShortcutItemBuilder
    private let renderer: ShortcutListRenderer
    private let state: Mutex<State>
    private let observers = Mutex<[@Sendable (ShortcutListCache) -> Void]>([])
    /// The list's version, also readable without the lock (changed under it).
    private let currentVersion = Atomic<Int>(1)
    private let rows: [RowCache] = (0..<ThreadShard.count).map { _ in RowCache() }
    /// Tells observers of changes, off the writers' threads.
    private let announcer = DispatchQueue(label: "quickactiond.shortcuts.announce")
    /// Whether an announcement is queued (the changes after it is queued are in it).
    private let announcementQueued = Atomic<Bool>(false)
    /// The last version announced (read and written on `announcer` only).
    private let announcedVersion = Atomic<Int>(1)

    /// Builds the first list from the repository's favorites, then follows its changes.
    public init(builder: ShortcutItemBuilder, repository: any ContactRepository, renderer: ShortcutListRenderer) throws(StorageError) {
        self.builder = builder
        self.renderer = renderer
        let favorites = try repository.favorites().map {
            (sequence: $0.sequence, item: PrerenderedShortcutItem(ShortcutItemBuilder.favoriteItem(for: $0)))
        }
        self.state = Mutex(State(favorites: favorites, version: 1))
        // Read first, then followed: nothing writes before the server starts serving.
        repository.changes.observe { [weak self] change in self?.apply(change) }
    }

    /// Calls `observer` after changes of the list, in order, on a queue of the cache's own
    /// (changes in quick succession are told once, as the latest list).
    public func onChange(_ observer: @escaping @Sendable (ShortcutListCache) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// The full current list (not localized).
    public var items: [ShortcutItem] {
        builder.items(dynamic: state.withLock { $0.favorites.map(\.item.item) })
    }

    /// The list's version: a number that grows with every change (not the list's `version` hash).
    public var version: Int {
        currentVersion.load(ordering: .acquiring)
    }

    /// Applies one committed contact change: only a favorite before or after touches the list.
    /// Returns whether the list changed.
    @discardableResult
    func apply(_ change: ContactChange) -> Bool {
        guard let contact = change.after ?? change.before else { return false }
        // Prerendered before the lock: the lock is held for the insertion only.
        let item = change.after.flatMap { $0.favorite ? PrerenderedShortcutItem(ShortcutItemBuilder.favoriteItem(for: $0)) : nil }
        guard item != nil || change.before?.favorite == true else { return false }
        let changed = state.withLock { state -> Bool in
            let index = state.position(of: contact.sequence)
            let present = index < state.favorites.count && state.favorites[index].sequence == contact.sequence
            switch (present, item) {
            case (true, let item?):
                guard state.favorites[index].item != item else { return false }
                state.favorites[index].item = item
            case (true, nil):
                state.favorites.remove(at: index)
            case (false, let item?):
                state.favorites.insert((contact.sequence, item), at: index)
            case (false, nil):
                return false
            }
            state.version += 1
            state.representations = []
            currentVersion.store(state.version, ordering: .releasing)
            return true
        }
        if changed { announce() }
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

    /// The representation for `key`, rendered on first use after each change.
    ///
    /// Each thread row (see `ThreadShard`) answers from copies of its own, under a lock of its
    /// own. The HTTP threads then never contend for a lock or write a shared cache line to
    /// serve the list (no reference count shared on the representation, its bytes or its
    /// header fields). A row drops its copies when the version changes.
    public func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        versioned(key).representation
    }

    /// The representation for `key` and the list version it shows.
    public func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
        let version = currentVersion.load(ordering: .acquiring)
        let row = rows[ThreadShard.current]
        let mine = row.state.withLock { row in
            row.version == version ? row.representations.first { $0.key == key }?.representation : nil
        }
        if let mine { return (version, mine) }
        let (sharedVersion, shared) = sharedRepresentation(key)
        let copy = shared.copy()
        row.state.withLock { row in
            // A newer list may have been kept already; an older one is never kept over it.
            guard row.version <= sharedVersion else { return }
            if row.version != sharedVersion { row = (sharedVersion, []) }
            if !row.representations.contains(where: { $0.key == key }) { row.representations.append((key, copy)) }
        }
        return (sharedVersion, copy)
    }

    /// The representation for `key` from the shared state, rendered on first use after each
    /// change, and the version it shows.
    private func sharedRepresentation(_ key: ShortcutRepresentationKey) -> (Int, ShortcutRepresentation) {
        let (favorites, version, cached) = state.withLock { ($0.favorites, $0.version, $0.representation(key)) }
        if let cached { return (version, cached) }
        let items = builder.items(dynamic: favorites.map(\.item.item))
        let staticCount = items.count - favorites.count
        let rendered = renderer.render(items, key: key) { index in
            index >= staticCount ? favorites[index - staticCount].item : nil
        }
        state.withLock { state in
            // Only keep it if the list did not change while we rendered.
            if state.version == version, state.representation(key) == nil { state.representations.append((key, rendered)) }
        }
        return (version, rendered)
    }
}
