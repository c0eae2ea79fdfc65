/// A partial update of a scheduled item (`PATCH /scheduled-items/{id}`): a field absent
/// leaves it as it is; `null` clears `subtitle`, `icon` and `userInfo`, and makes `accounts`
/// every account. A map (`title`, `subtitle`) is replaced whole, not merged.
public struct ScheduledItemPatch: Sendable, Equatable {
    /// New type.
    public var type: String?
    /// New title.
    public var title: LocalizedText?
    /// New subtitle: `.some(nil)` clears it.
    public var subtitle: LocalizedText??
    /// New icon: `.some(nil)` clears it.
    public var icon: ShortcutIcon??
    /// New userInfo: `.some(nil)` clears it.
    public var userInfo: [String: PropertyListValue]??
    /// New start.
    public var from: Timestamp?
    /// New end.
    public var until: Timestamp?
    /// New accounts: `.some(nil)` for every account.
    public var accounts: [String]??

    /// Creates a patch.
    public init(
        type: String? = nil, title: LocalizedText? = nil, subtitle: LocalizedText?? = nil, icon: ShortcutIcon?? = nil,
        userInfo: [String: PropertyListValue]?? = nil, from: Timestamp? = nil, until: Timestamp? = nil, accounts: [String]?? = nil
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

    /// Reads a `PATCH` body. Throws, naming the field, when a field is unknown, of the wrong
    /// shape, or `null` where it cannot be cleared (`type`, `title`, `from`, `until`).
    public init(json body: [String: JSONValue]) throws(ValidationError) {
        let reader = ScheduledItemJSONReader(body: body)
        try reader.requireKnownFields()
        for field in ["type", "title", "from", "until"] where body[field] == .null {
            throw ValidationError(field: field, message: "\(field) cannot be null; leave it out to keep it.")
        }
        self.init(
            type: try reader.string("type"), title: try reader.localizedText("title"),
            subtitle: body["subtitle"] == nil ? nil : .some(try reader.localizedText("subtitle")),
            icon: body["icon"] == nil ? nil : .some(try reader.icon()),
            userInfo: body["userInfo"] == nil ? nil : .some(try reader.userInfo()), from: try reader.timestamp("from"),
            until: try reader.timestamp("until"), accounts: body["accounts"] == nil ? nil : .some(try reader.accounts()))
    }

    /// The fields of `item` with the patch applied, to validate before storing.
    public func applied(to item: ScheduledItem) -> ScheduledItemDraft {
        var draft = item.draft
        if let type { draft.type = type }
        if let title { draft.title = title }
        if let subtitle { draft.subtitle = subtitle }
        if let icon { draft.icon = icon }
        if let userInfo { draft.userInfo = userInfo }
        if let from { draft.from = from }
        if let until { draft.until = until }
        if let accounts { draft.accounts = accounts }
        return draft
    }
}
