/// An item that left the list while a device may still show it (iOS until the app next sets
/// its items, Android for ever when a person pinned it): kept for `--disabled-retention`
/// (30 days by default), at most `--max-disabled-items` per account (the newest), and listed as
/// disabled, with a message, by `GET /shortcuts?include=disabled`.
///
/// Its `userInfo` holds only the id the item named (`contactId` or `scheduledItemId`), which
/// is what a device matches its item by and what a trigger is resolved by first: a deleted
/// contact's name is not kept.
public struct DisabledItem: Sendable, Equatable {
    /// What the item stood for: one disabled item each.
    public enum Subject: Sendable, Hashable {
        /// A favorite contact's item, by contact id.
        case contact(String)
        /// A scheduled item, by its id.
        case scheduledItem(String)

        /// The id it names: the contact's or the scheduled item's.
        public var id: String {
            switch self {
            case .contact(let id), .scheduledItem(let id): id
            }
        }
    }

    /// How long a disabled item is kept, by default (`--disabled-retention`).
    public static let defaultRetention = Duration.seconds(30 * 86_400)

    /// What the item stood for.
    public var subject: Subject
    /// The item's type.
    public var type: String
    /// The id the item named, under the key it named it by.
    public var userInfo: [String: PropertyListValue]
    /// Why it is disabled.
    public var reason: DisabledReason
    /// When it left the list.
    public var since: Timestamp

    /// Creates a disabled item.
    public init(subject: Subject, type: String, userInfo: [String: PropertyListValue], reason: DisabledReason, since: Timestamp) {
        self.subject = subject
        self.type = type
        self.userInfo = userInfo
        self.reason = reason
        self.since = since
    }

    /// The disabled item of a favorite's item, for `reason`.
    public static func favorite(_ contactId: String, reason: DisabledReason, since: Timestamp) -> DisabledItem {
        DisabledItem(
            subject: .contact(contactId), type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contactId)],
            reason: reason, since: since)
    }

    /// The disabled item of a scheduled item that ended (or was deleted) at `since`.
    public static func ended(_ item: ScheduledItem, since: Timestamp) -> DisabledItem {
        DisabledItem(
            subject: .scheduledItem(item.id), type: item.type, userInfo: [ScheduledItem.idKey: .string(item.id)], reason: .ended, since: since)
    }

    /// Whether it is past `retention` at `now`, and is to be purged.
    public func isExpired(at now: Timestamp, retention: Duration = defaultRetention) -> Bool {
        now >= since.advanced(by: retention)
    }

    /// Whether a trigger of its item at `now` is still accepted: within `staleWindow` after it
    /// left the list (for a scheduled item; a deleted contact's trigger is always `410`).
    public func acceptsTrigger(at now: Timestamp, staleWindow: Duration = ScheduleTimeline.defaultStaleWindow) -> Bool {
        now < since.advanced(by: staleWindow)
    }

    /// The JSON form in a list: `{"disabledMessage": …, "enabled": false, "reason": …,
    /// "since": …, "type": …, "userInfo": {…}}`, `message` in the list's language.
    public func json(message: String) -> JSONValue {
        [
            "type": .string(type), "userInfo": .object(userInfo.mapValues(\.json)), "enabled": false, "disabledMessage": .string(message),
            "reason": .string(reason.rawValue), "since": .string(since.rfc3339),
        ]
    }
}
