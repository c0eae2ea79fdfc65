import QuickActions
import QuickActionsPreview

/// The static items of a `ShortcutListConfiguration` in another platform's files: what `quickactiond export`
/// writes and `GET /shortcuts/android/res.zip` serves. Static items only: the favorites are each
/// user's, and reach Android and the web through `GET /shortcuts?platform=`.
public enum StaticPlatformExport {
    /// `res/xml/shortcuts.xml`, `res/values*/strings.xml` and the system icons' vector drawables
    /// (`AndroidResourceExport`), drawn from the preview's glyphs. Throws, naming the item, for
    /// what Android cannot say.
    public static func androidResources(_ setup: ShortcutListConfiguration) throws(PlatformExportError) -> [AndroidResourceExport.File] {
        try AndroidResourceExport.files(
            staticItems: setup.builder.staticItems, catalog: setup.catalog ?? LocalizationCatalog(tables: [:]),
            developmentRegion: setup.renderer.baseLanguage, mapping: setup.renderer.platforms?.android,
            glyph: { ShortcutGlyph.markup(for: $0) })
    }

    /// The Android resources as one ZIP archive (entries stored, in `androidResources` order).
    public static func androidResourcesZip(_ setup: ShortcutListConfiguration) throws(PlatformExportError) -> [UInt8] {
        var archive = ZipArchive()
        for file in try androidResources(setup) { archive.add(path: file.path, bytes: file.bytes) }
        return archive.bytes()
    }

    /// The web manifest's `shortcuts` for the static items, in `language` (default: the
    /// development language), and the findings about them (web rules, `scope` checking URLs).
    public static func webShortcuts(_ setup: ShortcutListConfiguration, language: String? = nil, scope: WebManifestScope? = nil) -> (
        shortcuts: [WebShortcut], warnings: [ShortcutWarning]
    ) {
        let renderer = setup.renderer
        let table = setup.catalog?.resolve(negotiated: language, developmentRegion: renderer.baseLanguage).table
        let localized = LocalizationCatalog.localized(setup.builder.staticItems, table: table)
        let (shortcuts, warnings) = WebManifestShortcuts.render(localized, mapping: renderer.platforms?.web, table: table)
        return (shortcuts, warnings + WebShortcutLinter.warnings(for: shortcuts, scope: scope))
    }
}
