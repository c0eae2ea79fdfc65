import Cryptography
import HTTPServer
import QuickActions

extension ShortcutListRenderer {
    /// The SVG preview of the list in `language` (see `ShortcutMenuPreview`), marking `warnings`
    /// when given. It carries `version`, the JSON list's in that language, so its bytes, and so
    /// its ETag, change exactly when that list changes: a favorite beyond the fourth changes the
    /// picture's version though not what it draws. Its size does not grow with the list: it
    /// draws the visible items and a bounded legend.
    func renderPreview(
        localized: [ShortcutItem], table: [String: String]?, language: String, version listVersion: String, warnings: [ShortcutWarning]?,
        appearance: PreviewAppearance
    ) -> ShortcutRepresentation {
        let preview = ShortcutMenuPreview(
            items: localized, warnings: warnings, appName: localizedAppName(table: table), appearance: appearance, language: language,
            version: listVersion)
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
