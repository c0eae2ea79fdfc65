import HTTPServer
import QuickActions

extension ShortcutListRenderer {
    /// The SVG preview of the list in `language` (see `ShortcutMenuPreview`). It carries the
    /// JSON list's `version` in that language, so its bytes, and so its ETag, change exactly
    /// when that list changes: a favorite beyond the fourth changes the picture's version
    /// though not what it draws.
    func renderPreview(
        _ items: [ShortcutItem], negotiated: String?, localized: [ShortcutItem], table: [String: String]?, language: String,
        appearance: PreviewAppearance, marksWarnings: Bool
    ) -> ShortcutRepresentation {
        let list = render(items, key: ShortcutRepresentationKey(format: .json, language: negotiated, visibleOnly: false), prepared: false)
        let preview = ShortcutMenuPreview(
            items: localized, warnings: marksWarnings ? warnings(for: items, localized: localized, table: table, language: language) : nil,
            appName: localizedAppName(table: table), appearance: appearance, language: language, version: list.version)
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
