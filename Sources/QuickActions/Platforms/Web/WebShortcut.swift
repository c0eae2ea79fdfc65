/// One shortcut of a Web App Manifest's `shortcuts` member, in one language.
public struct WebShortcut: Sendable, Hashable {
    /// The iOS item type it comes from (not part of the manifest).
    public var type: String
    /// `name`: what the shortcut menu shows.
    public var name: String
    /// `short_name`: shown where there is little room.
    public var shortName: String?
    /// `description`.
    public var description: String?
    /// `url`: relative URLs are resolved against the manifest's URL.
    public var url: String
    /// `icons`.
    public var icons: [WebShortcutIcon]

    /// Creates a shortcut.
    public init(type: String, name: String, shortName: String? = nil, description: String? = nil, url: String, icons: [WebShortcutIcon] = []) {
        self.type = type
        self.name = name
        self.shortName = shortName
        self.description = description
        self.url = url
        self.icons = icons
    }

    /// The manifest's object: `name`, `short_name`?, `description`?, `url`, `icons`? (when any).
    public var json: JSONValue {
        var object: [String: JSONValue] = ["name": .string(name), "url": .string(url)]
        if let shortName { object["short_name"] = .string(shortName) }
        if let description { object["description"] = .string(description) }
        if !icons.isEmpty { object["icons"] = .array(icons.map(\.json)) }
        return .object(object)
    }
}
