/// The fields of a scheduled item to create or to change it to (`ScheduledItemPatch`):
/// read from a request body by `init(json:)`, then checked by `ScheduledItemValidator`.
public struct ScheduledItemDraft: Sendable, Equatable {
    /// The fields a request body may have.
    public static let fields: Set<String> = ["type", "title", "subtitle", "icon", "userInfo", "from", "until", "accounts"]

    /// The app-defined action type.
    public var type: String
    /// The title, by language.
    public var title: LocalizedText
    /// The optional second line, by language.
    public var subtitle: LocalizedText?
    /// The optional icon.
    public var icon: ShortcutIcon?
    /// App data handed back when the action is picked.
    public var userInfo: [String: PropertyListValue]?
    /// When it starts showing.
    public var from: Timestamp
    /// When it stops showing.
    public var until: Timestamp
    /// The accounts whose lists show it; nil for every account.
    public var accounts: [String]?

    /// Creates a draft.
    public init(
        type: String, title: LocalizedText, subtitle: LocalizedText? = nil, icon: ShortcutIcon? = nil,
        userInfo: [String: PropertyListValue]? = nil, from: Timestamp, until: Timestamp, accounts: [String]? = nil
    ) {
        self.type = type
        self.title = title
        self.subtitle = subtitle
        self.icon = icon
        self.userInfo = userInfo
        self.from = from
        self.until = until
        self.accounts = accounts
    }

    /// Reads a `POST /scheduled-items` body. Throws, naming the field, when a field is
    /// unknown, missing (`type`, `title`, `from`, `until`) or of the wrong shape; the rules
    /// about values are `ScheduledItemValidator`'s.
    public init(json body: [String: JSONValue]) throws(ValidationError) {
        let reader = ScheduledItemJSONReader(body: body)
        try reader.requireKnownFields()
        guard let type = try reader.string("type") else { throw ScheduledItemJSONReader.missing("type") }
        guard let title = try reader.localizedText("title") else { throw ScheduledItemJSONReader.missing("title") }
        guard let from = try reader.timestamp("from") else { throw ScheduledItemJSONReader.missing("from") }
        guard let until = try reader.timestamp("until") else { throw ScheduledItemJSONReader.missing("until") }
        try self.init(type: type, title: title, from: from, until: until, reader: reader)
    }

    /// Reads a stored item's fields from `body` (every field but `from` and `until`, which are
    /// given as instants: a store keeps them as milliseconds, never as text to parse again).
    public init(json body: [String: JSONValue], from: Timestamp, until: Timestamp) throws(ValidationError) {
        let reader = ScheduledItemJSONReader(body: body)
        try reader.requireKnownFields()
        guard let type = try reader.string("type") else { throw ScheduledItemJSONReader.missing("type") }
        guard let title = try reader.localizedText("title") else { throw ScheduledItemJSONReader.missing("title") }
        try self.init(type: type, title: title, from: from, until: until, reader: reader)
    }

    private init(type: String, title: LocalizedText, from: Timestamp, until: Timestamp, reader: ScheduledItemJSONReader) throws(ValidationError) {
        self.init(
            type: type, title: title, subtitle: try reader.localizedText("subtitle"), icon: try reader.icon(), userInfo: try reader.userInfo(),
            from: from, until: until, accounts: try reader.accounts())
    }
}
