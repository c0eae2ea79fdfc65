import QuickActions

/// The static items and what renders every list from them (translations, app name, base
/// language, the Info.plist's own findings): what `--shortcuts`, `--localizations`,
/// `--app-name` and `--build-setting` decide. Never changes; a reload replaces it whole (see
/// `CurrentSettings`), and a list shows one setup, never a mix of two.
public final class ShortcutSetup: Sendable {
    /// The static items, and how a list is built from them and the favorites.
    public let builder: ShortcutItemBuilder
    /// Renders a list's representations.
    public let renderer: ShortcutListRenderer

    /// Creates a setup.
    public init(builder: ShortcutItemBuilder = ShortcutItemBuilder(), renderer: ShortcutListRenderer = ShortcutListRenderer()) {
        self.builder = builder
        self.renderer = renderer
    }

    /// The translations of the static items.
    public var catalog: LocalizationCatalog? { renderer.catalog }
}
