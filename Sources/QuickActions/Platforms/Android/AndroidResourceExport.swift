/// The static quick actions as an Android `res/` folder: `res/xml/shortcuts.xml`, the labels in
/// `res/values/strings.xml` (the development language) and one
/// `res/values-<qualifier>/strings.xml` per other language, and a vector drawable per system
/// icon type used. `aapt` compiles the result (with the app's own drawables for icons an
/// Android source named).
///
/// Labels are `@string/` references: an Android source's own string names; otherwise
/// `qa_shortcut_<id>_title` (the title, for both labels), `_short`, `_long` or `_disabled` for
/// what the mapping sets, the id reduced to `[a-z0-9_]` and made unique. Each language's text
/// is what iOS shows in it (`LocalizationCatalog`), and a language file holds only the strings
/// whose text differs from the development language's (Android falls back per string).
public enum AndroidResourceExport {
    /// A file to write, its path relative to the folder that holds `res/`.
    public struct File: Sendable, Equatable {
        /// `res/xml/shortcuts.xml`, `res/values-de/strings.xml`, …
        public var path: String
        /// The UTF-8 content.
        public var bytes: [UInt8]
    }

    /// The drawable name for a system icon type: `qa_icon_` and the type in snake case
    /// (`qa_icon_capture_photo`), as resource file names must be.
    public static func iconName(for type: ShortcutIconType) -> String {
        var name = "qa_icon_"
        for character in type.rawValue {
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
        return name
    }

    /// The files for `staticItems` (as configured: titles are keys of `catalog`'s tables, or text),
    /// with `developmentRegion` the language of `values/`. `glyph` gives the SVG markup of a
    /// system icon type's glyph (24 x 24, stroked in `currentColor`); without it, system icon
    /// types get no icon. Throws, naming the item (and language), for what Android cannot say:
    /// a language with no qualifier, U+0000 in a text, a userInfo value that does not fit a
    /// 32-bit extra, a mapping label naming an undefined `@string/`.
    public static func files(
        staticItems: [ShortcutItem], catalog: LocalizationCatalog, developmentRegion: String, mapping: AndroidMapping? = nil,
        glyph: ((ShortcutIconType) -> String?)? = nil
    ) throws(PlatformExportError) -> [File] {
        var writer = AndroidResourceWriter(catalog: catalog, developmentRegion: developmentRegion, mapping: mapping, glyph: glyph)
        for (index, item) in staticItems.enumerated() { try writer.add(item, index: index) }
        return try writer.files()
    }
}
