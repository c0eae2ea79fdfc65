import Cryptography
import HTTPServer
import QuickActions

extension ShortcutListRenderer {
    /// The list as Android app shortcuts (`GET /shortcuts?platform=android`):
    /// `{"shortcuts":[…],"version":"…","warnings":[…]}`, each shortcut as `AndroidShortcut`
    /// writes it, and the findings of Android's rules (platform `android`). With `visibleOnly`,
    /// the shortcuts a launcher shows: the first `androidMaxShortcuts` enabled ones, static
    /// first, and the findings about them. `version` hashes the object without itself, as the
    /// iOS list's does.
    func renderAndroid(_ localized: [ShortcutItem], table: [String: String]?, language: String, visibleOnly: Bool, prepared: Bool)
        -> ShortcutRepresentation
    {
        let (shortcuts, templateWarnings) = AndroidShortcutList.render(
            localized, mapping: platforms?.android, table: table, maxVisible: androidMaxShortcuts)
        var warnings = templateWarnings + AndroidShortcutLinter.warnings(for: shortcuts)
        var shown = Array(shortcuts.indices)
        if visibleOnly {
            shown = shown.filter { shortcuts[$0].visible }
            warnings = Self.reindexed(warnings, shown: shown)
        }
        var body: [UInt8] = []
        body.reserveCapacity(96 + 400 * shown.count)
        body.append(contentsOf: Self.shortcutsKey)
        AndroidShortcutList.writeJSON(shown.map { shortcuts[$0] }, to: &body)
        return platformRepresentation(body: body, warnings: warnings, language: language, prepared: prepared)
    }

    /// The list as a web app manifest's `shortcuts` member (`GET /shortcuts?platform=web`):
    /// `{"shortcuts":[…],"version":"…","warnings":[…]}`, each shortcut with `name`,
    /// `short_name`, `description`, `url` and `icons`, and the findings of the web's rules
    /// (platform `web`, scope from the mapping's `web.scope`). With `visibleOnly`, the first
    /// four: what Chrome on Android shows.
    func renderWeb(_ localized: [ShortcutItem], table: [String: String]?, language: String, visibleOnly: Bool, prepared: Bool)
        -> ShortcutRepresentation
    {
        let web = platforms?.web
        var (shortcuts, warnings) = WebManifestShortcuts.render(localized, mapping: web, table: table)
        let scope = web?.scope.flatMap { WebManifestScope(scope: $0, manifestURL: web?.manifestURL) }
        warnings += WebShortcutLinter.warnings(for: shortcuts, scope: scope)
        if visibleOnly && shortcuts.count > WebShortcutLinter.maxShortcuts {
            let shown = Array(0..<WebShortcutLinter.maxShortcuts)
            shortcuts = Array(shortcuts.prefix(WebShortcutLinter.maxShortcuts))
            warnings = Self.reindexed(warnings, shown: shown)
        }
        var body: [UInt8] = []
        body.reserveCapacity(96 + 200 * shortcuts.count)
        body.append(contentsOf: Self.shortcutsKey)
        WebManifestShortcuts.writeJSON(shortcuts, to: &body)
        return platformRepresentation(body: body, warnings: warnings, language: language, prepared: prepared)
    }

    private static let shortcutsKey = Array(#"{"shortcuts":"#.utf8)

    /// Completes `body` (`{"shortcuts":[…]`) with its version and `warnings`, and wraps it.
    private func platformRepresentation(body: [UInt8], warnings: [ShortcutWarning], language: String, prepared: Bool) -> ShortcutRepresentation {
        var body = body
        let warningsJSON = Self.json(warnings)
        let version = Self.version(itemsPart: body, warnings: warningsJSON)
        body.append(contentsOf: #","version":"#.utf8)
        JSONWriter.writeString(version, to: &body)
        body.append(contentsOf: #","warnings":"#.utf8)
        body.append(contentsOf: warningsJSON)
        body.append(UInt8(ascii: "}"))
        return ShortcutRepresentation(
            body: SharedBytes(body), etag: "\"\(version)\"", version: version, contentType: "application/json", language: language,
            prepared: prepared)
    }
}
