import QuickActions

/// An item that left the list (its favorite unfavorited or deleted, a scheduled item ended)
/// while a device may still show it, as `GET /shortcuts?include=disabled` lists it after the
/// items. An app disables its own copy with `disabledMessage` (Android's
/// `disableShortcuts(ids, message)`), or removes it.
public struct DisabledShortcutItem: Sendable, Equatable {
    /// The item's type, e.g. `FavoriteAction`.
    public var type: String
    /// The id the item named (`contactId`, or `scheduledItemId`): what to match a shown item by.
    public var userInfo: [String: PropertyListValue]
    /// What to say when someone picks it, in the list's language.
    public var disabledMessage: String
    /// Why it is disabled; nil for a reason this client does not know.
    public var reason: DisabledReason?
    /// When it left the list; nil when the service did not say.
    public var since: Timestamp?

    /// Creates a disabled item.
    public init(
        type: String, userInfo: [String: PropertyListValue], disabledMessage: String, reason: DisabledReason? = nil, since: Timestamp? = nil
    ) {
        self.type = type
        self.userInfo = userInfo
        self.disabledMessage = disabledMessage
        self.reason = reason
        self.since = since
    }

    /// The item from its JSON form in a list (`enabled: false` with a `disabledMessage`), or
    /// nil when it is not one.
    init?(clientJSON value: JSONValue) {
        guard case .object(let object) = value, object["enabled"] == .bool(false), let type = object["type"]?.stringValue,
            let message = object["disabledMessage"]?.stringValue
        else { return nil }
        var userInfo: [String: PropertyListValue] = [:]
        if let info = object["userInfo"] {
            guard case .dictionary(let dictionary)? = PropertyListValue(json: info) else { return nil }
            userInfo = dictionary
        }
        self.init(
            type: type, userInfo: userInfo, disabledMessage: message,
            reason: object["reason"]?.stringValue.flatMap(DisabledReason.init(rawValue:)),
            since: object["since"]?.stringValue.flatMap(Timestamp.init(rfc3339:)))
    }
}
