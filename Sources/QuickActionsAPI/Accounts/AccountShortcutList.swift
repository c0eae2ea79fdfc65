import QuickActions
import Storage
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
    /// What renders every account's lists: the static items, the renderer.
    final class Rendering: Sendable {
        let builder: ShortcutItemBuilder
        let renderer: ShortcutListRenderer

        init(builder: ShortcutItemBuilder, renderer: ShortcutListRenderer) {
            self.builder = builder
            self.renderer = renderer
        }
    }

    /// The list's version: above the version of every list its account had before.
    public let version: Int
    /// The account's favorites, in creation order.
    private let favorites: [Contact]
    private let rendering: Rendering
    /// The representations rendered so far (usually one: a companion asks for one).
    private let rendered = Mutex<[(key: ShortcutRepresentationKey, representation: ShortcutRepresentation)]>([])

    init(favorites: [Contact], version: Int, rendering: Rendering) {
        self.favorites = favorites
        self.version = version
        self.rendering = rendering
    }

    /// The full list (not localized).
    public var items: [ShortcutItem] {
        rendering.builder.items(dynamic: favorites.map(ShortcutItemBuilder.favoriteItem(for:)))
    }

    public func versioned(_ key: ShortcutRepresentationKey) -> (version: Int, representation: ShortcutRepresentation) {
        if let made = rendered.withLock({ $0.first { $0.key == key }?.representation }) { return (version, made) }
        let made = rendering.renderer.render(items, key: key, prepared: false)
        // Two requests may render it at once: both get the same bytes, and the first is kept.
        let kept = rendered.withLock { rendered -> ShortcutRepresentation in
            if let raced = rendered.first(where: { $0.key == key }) { return raced.representation }
            rendered.append((key, made))
            return made
        }
        return (version, kept)
    }

    /// The validators of the representations rendered so far (previews excepted: companions do
    /// not revalidate them).
    var validators: [ShortcutValidator] {
        rendered.withLock { rendered in
            rendered.compactMap { entry in
                if case .previewSVG = entry.key.format { return nil }
                return ShortcutValidator(key: entry.key, of: entry.representation)
            }
        }
    }
}
