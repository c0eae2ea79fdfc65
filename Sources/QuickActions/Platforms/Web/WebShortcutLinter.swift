/// Checks web shortcuts against what browsers do with them. Findings are warnings with platform
/// `web`; the manifest still works.
public enum WebShortcutLinter {
    /// Chrome on Android uses the first four shortcuts (desktop Chrome and Edge ten).
    public static let maxShortcuts = 4
    /// The icon size Chrome wants for a shortcut.
    public static let iconSize = 96

    /// Every rule id.
    public static let rules = ["web-missing-name", "web-url-out-of-scope", "web-no-96px-icon", "web-too-many-shortcuts", "web-template-key-missing"]

    /// The findings about `shortcuts` (index N is the Nth shortcut of the member); `scope`, when
    /// known, checks the URLs. `web-no-96px-icon` is reported once per item type.
    public static func warnings(for shortcuts: [WebShortcut], scope: WebManifestScope?) -> [ShortcutWarning] {
        var warnings: [ShortcutWarning] = []
        var typesWithoutIcon: Set<String> = []
        for (index, shortcut) in shortcuts.enumerated() {
            func warn(_ rule: String, _ message: String) {
                warnings.append(ShortcutWarning(index: index, type: shortcut.type, rule: rule, message: message, platform: .web))
            }
            if shortcut.name.allSatisfy(\.isWhitespace) {
                warn("web-missing-name", "the shortcut has no name; browsers drop a shortcut without one")
            }
            if let scope, !scope.contains(shortcut.url) {
                warn(
                    "web-url-out-of-scope",
                    "url \"\(shortcut.url)\" is outside the scope \(scope.scope.absoluteString); browsers drop a shortcut whose url is")
            }
            if !shortcut.icons.contains(where: { $0.has(width: iconSize, height: iconSize) }), typesWithoutIcon.insert(shortcut.type).inserted {
                warn(
                    "web-no-96px-icon",
                    "\(shortcut.type) shortcuts have no \(iconSize)x\(iconSize) icon; Chrome shows a generic one (web.dev advises 192x192 when only one size is given)"
                )
            }
            if index == maxShortcuts {
                warn(
                    "web-too-many-shortcuts",
                    "shortcut \(index + 1) and later are past the first \(maxShortcuts): Chrome on Android shows four (desktop Chrome ten)")
            }
        }
        return warnings
    }
}
