import Cryptography
import HTTPServer
import QuickActions
import QuickActionsPreview

extension ShortcutListRenderer {
    /// The SVG preview of the list in `language` (see `ShortcutMenuPreview`), drawn for
    /// `placement` and `platform`, marking its findings when `marksWarnings`. It carries the
    /// version of the whole JSON list in that language, and marks that list's findings (both
    /// from one pass over the list), so its bytes, and so its ETag, change exactly when that list
    /// changes: a favorite beyond the fourth changes the picture's version though not what it
    /// draws. Its size does not grow with the list: it draws the visible items and a bounded
    /// legend. Android's shortcuts come from `AndroidShortcutList` with `androidMapping` (the
    /// Android part of a platform mapping; nil for the defaults).
    func renderPreview(
        _ items: [ShortcutItem], localized: [ShortcutItem], table: [String: String]?, language: String, appearance: PreviewAppearance,
        marksWarnings: Bool, placement: PreviewPlacement = .above, platform: PreviewPlatform = .ios, androidMapping: AndroidMapping? = nil,
        prerendered: (Int) -> PrerenderedShortcutItem?
    ) -> ShortcutRepresentation {
        let list = jsonList(
            items, localized: localized, table: table, language: language, shown: Array(localized.indices), visibleOnly: false,
            prerendered: prerendered)
        var android: [AndroidShortcut]?
        if platform == .android {
            // Only those a launcher can show: a long list's others are never drawn.
            let candidates = Array(localized.prefix(ShortcutMenuPreview.launcherCandidates(in: localized)))
            android = AndroidShortcutList.render(candidates, mapping: androidMapping, table: table).shortcuts
        }
        let preview = ShortcutMenuPreview(
            items: localized, warnings: marksWarnings ? list.warnings : nil, appName: localizedAppName(table: table), appearance: appearance,
            language: language, version: list.version, placement: placement, platform: platform, androidShortcuts: android)
        let bytes = Array(preview.svg().utf8)
        let version = SHA256.hex(bytes, digits: Self.versionDigits)
        return ShortcutRepresentation(
            body: SharedBytes(bytes), etag: "\"\(version)\"", version: version, contentType: "image/svg+xml", language: language,
            prepared: false)
    }

    /// The name under the icon: the table's `CFBundleDisplayName` (or `CFBundleName`) when it
    /// translates it, as iOS shows it, else the app's name.
    func localizedAppName(table: [String: String]?) -> String? {
        table?["CFBundleDisplayName"] ?? table?["CFBundleName"] ?? appName
    }
}
