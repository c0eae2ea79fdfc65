/// A quick action that shows for a time window (a seasonal action): between the static items
/// and the favorites, from `from` (included) until `until` (excluded).
///
/// Its item is dynamic, and its `userInfo` carries `scheduledItemId` (the server adds it), so
/// that a device, which hands back only an item's type and userInfo when it is picked, names
/// the scheduled item its trigger is about; apps tell these items apart by that key.
public struct ScheduledItem: Sendable, Equatable {
    /// The `userInfo` key holding the item's id (reserved: a draft may not set it).
    public static let idKey = "scheduledItemId"

    /// Opaque, stable identifier, issued by the server (`ContactID.generate`).
    public var id: String
    /// The app-defined action type; never a static item's type nor `FavoriteAction`.
    public var type: String
    /// The title, by language.
    public var title: LocalizedText
    /// The optional second line, by language.
    public var subtitle: LocalizedText?
    /// The optional icon.
    public var icon: ShortcutIcon?
    /// App data handed back when the action is picked (`scheduledItemId` is added).
    public var userInfo: [String: PropertyListValue]?
    /// When it starts showing.
    public var from: Timestamp
    /// When it stops showing; after `from`.
    public var until: Timestamp
    /// With `--accounts`: the accounts whose lists show it, or nil for every account.
    /// Without: nil.
    public var accounts: [String]?
    /// When it was created.
    public var createdAt: Timestamp
    /// Increases with every change; the basis of its ETag.
    public var revision: Int64

    /// Creates a scheduled item from a validated draft.
    public init(id: String, draft: ScheduledItemDraft, createdAt: Timestamp, revision: Int64 = 1) {
        self.id = id
        type = draft.type
        title = draft.title
        subtitle = draft.subtitle
        icon = draft.icon
        userInfo = draft.userInfo
        from = draft.from
        until = draft.until
        accounts = draft.accounts
        self.createdAt = createdAt
        self.revision = revision
    }

    /// Its fields as a draft (what a patch changes).
    public var draft: ScheduledItemDraft {
        ScheduledItemDraft(
            type: type, title: title, subtitle: subtitle, icon: icon, userInfo: userInfo, from: from, until: until, accounts: accounts)
    }

    /// Whether it shows at `instant`: `from` ≤ instant < `until`.
    public func isShowing(at instant: Timestamp) -> Bool {
        from <= instant && instant < until
    }

    /// Whether the list of `account` shows it (nil: single-account mode, every item).
    public func applies(to account: String?) -> Bool {
        guard let account, let accounts else { return true }
        return accounts.contains(account)
    }

    /// Its dynamic item in `language` (texts looked up as `LocalizedText.text(for:)` does),
    /// with `scheduledItemId` in its userInfo.
    public func shortcutItem(language: String?) -> ShortcutItem {
        var info = userInfo ?? [:]
        info[Self.idKey] = .string(id)
        return ShortcutItem(
            type: type, localizedTitle: title.text(for: language), localizedSubtitle: subtitle?.text(for: language), icon: icon, userInfo: info,
            kind: .dynamic)
    }

    /// The JSON form: every field, times in RFC 3339 UTC with milliseconds (as `createdAt`
    /// everywhere), whatever offset they were sent with; absent optionals omitted.
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(id), "type": .string(type), "title": title.json, "from": .string(from.rfc3339), "until": .string(until.rfc3339),
            "createdAt": .string(createdAt.rfc3339), "revision": .integer(revision),
        ]
        if let subtitle { object["subtitle"] = subtitle.json }
        if let icon { object["icon"] = icon.json }
        if let userInfo { object["userInfo"] = .object(userInfo.mapValues(\.json)) }
        if let accounts { object["accounts"] = .array(accounts.map { .string($0) }) }
        return .object(object)
    }
}
