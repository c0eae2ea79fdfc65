/// The quick actions as a Web App Manifest's `shortcuts` member (`GET /shortcuts?platform=web`):
/// each enabled item, in order, in one language. A disabled item has no web form and is left out.
///
/// Defaults for what neither the item nor the mapping says: `name` and `short_name` are the
/// (localized) title, `description` the subtitle, no icons, and `url` is
/// `./?shortcut=<type>` followed by `&key=value` for each string, number or boolean of
/// `userInfo` (keys sorted, percent-encoded), relative to the manifest.
public enum WebManifestShortcuts {
    /// The shortcuts for `items` (localized already), `table` the translation table of their
    /// language (for the mapping's labels), and the findings about mapping URLs that could not be
    /// filled for an item (the default URL is used then; platform `web`, rule
    /// `web-template-key-missing`). A finding's index is the shortcut's position in the member.
    public static func render(_ items: [ShortcutItem], mapping: WebMapping?, table: [String: String]?) -> (
        shortcuts: [WebShortcut], warnings: [ShortcutWarning]
    ) {
        var shortcuts: [WebShortcut] = []
        var warnings: [ShortcutWarning] = []
        for item in items where item.enabled {
            let itemMapping = mapping?.items[item.type]
            var url = defaultURL(for: item)
            if let template = itemMapping?.url {
                switch template.expand(item.userInfo, encoding: .percentEncoded) {
                case .success(let text): url = text
                case .failure(let error):
                    warnings.append(
                        ShortcutWarning(
                            index: shortcuts.count, type: item.type, rule: "web-template-key-missing",
                            message: "the mapping's url for \(item.type) cannot be filled (\(error.reason)); the default url is used", platform: .web)
                    )
                }
            }
            func label(_ mapped: String?) -> String? { mapped.flatMap { PlatformLabel.text($0, table: table) } }
            shortcuts.append(
                WebShortcut(
                    type: item.type, name: label(itemMapping?.name) ?? item.localizedTitle,
                    shortName: label(itemMapping?.shortName) ?? item.localizedTitle,
                    description: label(itemMapping?.description) ?? item.localizedSubtitle, url: url, icons: itemMapping?.icons ?? []))
        }
        return (shortcuts, warnings)
    }

    /// `./?shortcut=<type>` and `&key=value` for each scalar of `userInfo`, keys sorted.
    public static func defaultURL(for item: ShortcutItem) -> String {
        var url = "./?shortcut=" + PlatformTemplate.percentEncoded(item.type)
        for (key, value) in (item.userInfo ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let text = PlatformTemplate.text(of: value) else { continue }
            url += "&" + PlatformTemplate.percentEncoded(key) + "=" + PlatformTemplate.percentEncoded(text)
        }
        return url
    }

    /// The member's value: an array of the shortcuts' objects.
    public static func json(_ shortcuts: [WebShortcut]) -> JSONValue {
        .array(shortcuts.map(\.json))
    }

    /// Appends the member's value as compact JSON (keys sorted).
    public static func writeJSON(_ shortcuts: [WebShortcut], to output: inout [UInt8]) {
        JSONWriter.write(json(shortcuts), to: &output)
    }
}
