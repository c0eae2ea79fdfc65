import QuickActions

/// The static items and what renders every list from them (translations, app name, base
/// language, the Info.plist's own findings): what `--shortcuts`, `--localizations`,
/// `--app-name` and `--build-setting` decide. Never changes; a reload replaces it whole (see
/// `CurrentConfiguration`), and a list shows one setup, never a mix of two.
public final class ShortcutListConfiguration: Sendable {
    /// The static items, and how a list is built from them and the favorites.
    public let builder: ShortcutItemBuilder
    /// Renders a list's representations.
    public let renderer: ShortcutListRenderer
    /// `GET /shortcuts/android/res.zip`'s archive of the static items, built on first use.
    private let androidResources = AndroidResourcesArchive()

    /// Creates a setup.
    public init(builder: ShortcutItemBuilder = ShortcutItemBuilder(), renderer: ShortcutListRenderer = ShortcutListRenderer()) {
        self.builder = builder
        self.renderer = renderer
    }

    /// How many dynamic items, from the first, the representation for `key` shows (after the
    /// enabled static items, within `ShortcutListRenderer.shownLimit`), when that is all it
    /// depends on of the dynamic items; nil when it depends on the whole list.
    public func dynamicItemsShown(by key: ShortcutRepresentationKey) -> Int? {
        renderer.shownLimit(key).map { max(0, $0 - builder.staticItems.count(where: \.enabled)) }
    }

    /// The static items as an Android `res/` folder in one ZIP archive, and its ETag: built by
    /// the first caller, then kept as long as this setup.
    func androidResourcesArchive() -> AndroidResourcesArchive.Built {
        androidResources.archive(of: self)
    }

    /// The translations of the static items.
    public var catalog: LocalizationCatalog? { renderer.catalog }
}
