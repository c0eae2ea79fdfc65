import QuickActions
import Sharding
import StorageCore
import Synchronization

/// One account's shortcut list as its store held it at one moment: its favorites as read, and
/// the representations rendered from them, each on first use. It never changes: a change of
/// the account replaces it (see `AccountShortcutLists`), so a list costs what serving it needs
/// and no more, since thousands of them come and go.
///
/// What is kept is what a miss must make anyway: the favorites read, and the bytes of each
/// representation served. A representation's 200 shares its header fields with every
/// account's (`ShortcutResponseFields`), and nothing follows changes, so building a list and
/// freeing it cost a few allocations each.
public final class AccountShortcutList: RenderedShortcutList {
    /// The list's version: above the version of every list its account had before.
    public let version: Int
    /// The account's favorites, in the list's order as read.
    private let favorites: [Contact]
    /// How the favorites are ordered.
    private let order: DynamicOrder
    /// Each favorite's place (`favorites[i]`'s key), kept current by the picks that move nothing
    /// (`absorbs`): a pick only raises a usage key, so a stale key would misplace the next one.
    private let keys: Mutex<[DynamicSortKey]>
    /// The static items and the renderer (every account's).
    private let setup: ShortcutSetup
    /// The scheduled items the account's list showed when it was read, in list order.
    private let scheduled: [ScheduledItem]
    /// A representation and the key it was rendered for.
    private final class Rendered: Sendable {
        let key: ShortcutRepresentationKey
        let representation: ShortcutRepresentation

        init(key: ShortcutRepresentationKey, representation: ShortcutRepresentation) {
            self.key = key
            self.representation = representation
        }
    }

    /// The first representation rendered, read without a lock: a companion asks for one, and
    /// the two HTTP threads serving a popular account then write no shared lock to find it.
    private let first = SetOnceReference<Rendered>()
    /// The others rendered so far.
    private let others = Mutex<[Rendered]>([])

    /// Called once, with the list, when its first representation is rendered (see
    /// `AccountShortcutLists`: a list not kept then leaves its validators).
    private let onFirstRender: (@Sendable (AccountShortcutList) -> Void)?

    init(
        favorites: [Contact], version: Int, setup: ShortcutSetup, order: DynamicOrder = .default, scheduled: [ScheduledItem] = [],
        onFirstRender: (@Sendable (AccountShortcutList) -> Void)? = nil
    ) {
        let sorted = favorites.map { (key: order.sortKey(for: $0), contact: $0) }.sorted { $0.key < $1.key }
        self.favorites = sorted.map(\.contact)
        self.order = order
        keys = Mutex(sorted.map(\.key))
        self.version = version
        self.setup = setup
        self.scheduled = scheduled
        self.onFirstRender = onFirstRender
    }

    /// The full list (not localized).
    public var items: [ShortcutItem] {
        items(scheduled: scheduled.map { $0.shortcutItem(language: nil) })
    }

    /// The full list with `scheduled` (the scheduled items, localized) before the favorites.
    private func items(scheduled: [ShortcutItem]) -> [ShortcutItem] {
        setup.builder.items(dynamic: scheduled + favorites.map(ShortcutItemBuilder.favoriteItem(for:)), ranked: true)
    }

    /// Whether the list stays as it is after `usage` (a pick that moves no item): then the
    /// favorite's key is updated in place. False when the favorite moves, or is not in the list
    /// (the list is then to be read again).
    func absorbs(_ usage: UsageChange) -> Bool {
        keys.withLock { keys in
            guard let index = keys.firstIndex(where: { $0.sequence == usage.sequence }) else { return false }
            var contact = favorites[index]
            contact.usageKey = usage.usageKey
            let key = order.sortKey(for: contact)
            guard index == 0 || keys[index - 1] < key, index == keys.count - 1 || key < keys[index + 1] else { return false }
            keys[index] = key
            return true
        }
    }

    public func rendered(_ key: ShortcutRepresentationKey) -> ShortcutRepresentation? {
        if let made = first.load(), made.key == key { return made.representation }
        return others.withLock { $0.first { $0.key == key } }?.representation
    }

    public func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
        if let made = rendered(key) { return (version, made) }
        let list = items(scheduled: setup.items(of: scheduled, for: key))
        let made = Rendered(key: key, representation: setup.renderer.render(list, key: key, prepared: false))
        let kept = first.storeIfNil(made)
        if kept === made { onFirstRender?(self) }
        guard kept !== made, kept.key != key else { return (version, kept.representation) }
        // Two requests may render one representation at once: both get the same bytes, and the
        // first is kept.
        let other = others.withLock { others -> Rendered in
            if let raced = others.first(where: { $0.key == key }) { return raced }
            others.append(made)
            return made
        }
        return (version, other.representation)
    }

    /// The validators of the representations rendered so far (previews excepted: companions do
    /// not revalidate them).
    var validators: [ShortcutValidator] {
        var validators: [ShortcutValidator] = []
        func add(_ entry: Rendered) {
            if case .previewSVG = entry.key.format { return }
            validators.append(ShortcutValidator(key: entry.key, of: entry.representation))
        }
        if let first = first.load() { add(first) }
        others.withLock { others in others.forEach(add) }
        return validators
    }
}
