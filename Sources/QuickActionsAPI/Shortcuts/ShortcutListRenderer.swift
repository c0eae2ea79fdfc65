import HTTPServer
import QuickActions

/// Turns a shortcut list into the bytes of one representation.
public struct ShortcutListRenderer: Sendable {
    /// Creates a renderer.
    public init() {}

    /// Renders `items` as `key` asks. The JSON body's `version` is the hash of the list
    /// itself (items and warnings, in that language), so it is stable across restarts.
    public func render(_ items: [ShortcutItem], key: ShortcutRepresentationKey) -> ShortcutRepresentation {
        let shown = key.visibleOnly ? items.filter(\.visible) : items
        var list: [String: JSONValue] = ["items": .array(shown.map(\.json))]
        let version = String(SHA256.hex(JSONWriter.bytes(.object(list))).prefix(32))
        list["version"] = .string(version)
        return ShortcutRepresentation(
            body: SharedBytes(JSONWriter.bytes(.object(list))), etag: "\"\(version)\"", version: version,
            contentType: "application/json", language: key.language)
    }
}
