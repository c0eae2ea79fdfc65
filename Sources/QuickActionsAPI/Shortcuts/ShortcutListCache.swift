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
    public enum Format: String, Sendable, Hashable {
        case json
        case propertyList
    }

    /// JSON or property list.
    public var format: Format
    /// The negotiated language, or nil for the Info.plist text.
    public var language: String?
    /// Only the items the Home Screen shows.
    public var visibleOnly: Bool
}

/// Holds the current shortcut list and its representations. The list is rebuilt when a
/// change touches a favorite, each representation is rendered once per change, and reads
/// never touch the database.
public final class ShortcutListCache: Sendable {
    private struct State {
        var items: [ShortcutItem]
        var version: Int
        /// Rendered representations. A handful (formats x languages x visibility): finding one
        /// by comparing keys costs less per request than hashing the key.
        var representations: [(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)] = []

        func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? {
            representations.first { $0.key == key }?.representation
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
    private let repository: any ContactRepository
    private let renderer: ShortcutListRenderer
    private let state: Mutex<State>
    /// Serializes rebuilds so that the last rebuild to start reads the newest favorites.
    private let rebuildLock = Mutex(())
    private let observers = Mutex<[@Sendable (ShortcutListCache) -> Void]>([])
    /// The list's version, also readable without the lock (changed under it).
    private let currentVersion = Atomic<Int>(1)
    private let rows: [RowCache] = (0..<ThreadShard.count).map { _ in RowCache() }

    /// Builds the first list from the repository's favorites.
    public init(builder: ShortcutItemBuilder, repository: any ContactRepository, renderer: ShortcutListRenderer) throws(StorageError) {
        self.builder = builder
        self.repository = repository
        self.renderer = renderer
        self.state = Mutex(State(items: builder.items(favorites: try repository.favorites()), version: 1))
    }

    /// Calls `observer` after every change of the list, in order of the changes.
    public func onChange(_ observer: @escaping @Sendable (ShortcutListCache) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// The full current list (not localized).
    public var items: [ShortcutItem] {
        state.withLock { $0.items }
    }

    /// Tells the cache a contact changed; rebuilds only when a favorite was involved, since
    /// other contacts are not in the list. Returns whether the list changed.
    @discardableResult
    public func contactChanged(before: Contact?, after: Contact?) throws(StorageError) -> Bool {
        guard before?.favorite == true || after?.favorite == true else { return false }
        return try rebuild()
    }

    /// Re-reads the favorites and swaps in the new list when it differs.
    @discardableResult
    public func rebuild() throws(StorageError) -> Bool {
        try rebuildLock.withLock { _ throws(StorageError) -> Bool in
            let items = builder.items(favorites: try repository.favorites())
            let changed = state.withLock { state in
                guard state.items != items else { return false }
                state.items = items
                state.version += 1
                state.representations = []
                currentVersion.store(state.version, ordering: .releasing)
                return true
            }
            // Still under the rebuild lock: observers see changes in the order they happened.
            if changed { observers.withLock { $0 }.forEach { $0(self) } }
            return changed
        }
    }

    /// The representation for `key`, rendered on first use after each change.
    ///
    /// Each thread row (see `ThreadShard`) answers from copies of its own, under a lock of its
    /// own. The HTTP threads then never contend for a lock or write a shared cache line to
    /// serve the list (no reference count shared on the representation, its bytes or its
    /// header fields). A row drops its copies when the version changes.
    public func representation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        let version = currentVersion.load(ordering: .acquiring)
        let row = rows[ThreadShard.current]
        let mine = row.state.withLock { row in
            row.version == version ? row.representations.first { $0.key == key }?.representation : nil
        }
        if let mine { return mine }
        // Read after `version`, so at least as new: a newer list kept under an older version
        // is dropped by the row's next read.
        let copy = sharedRepresentation(key).copy()
        row.state.withLock { row in
            if row.version != version { row = (version, []) }
            if !row.representations.contains(where: { $0.key == key }) { row.representations.append((key, copy)) }
        }
        return copy
    }

    /// The representation for `key` from the shared state, rendered on first use after each change.
    private func sharedRepresentation(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        if let cached = state.withLock({ $0.representation(key) }) { return cached }
        let (items, version, cached) = state.withLock { ($0.items, $0.version, $0.representation(key)) }
        if let cached { return cached }
        let rendered = renderer.render(items, key: key)
        state.withLock { state in
            // Only keep it if the list did not change while we rendered.
            if state.version == version, state.representation(key) == nil { state.representations.append((key, rendered)) }
        }
        return rendered
    }
}
