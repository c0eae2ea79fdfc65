/// What a committed contact change does to the disabled items of its account.
public enum DisabledItemChange: Sendable, Equatable {
    /// Nothing.
    case none
    /// Keep this disabled item (replacing the subject's, if any).
    case keep(DisabledItem)
    /// Replace the subject's disabled item by this one, if it has one (an unfavorited contact
    /// deleted: the message says deleted now); otherwise nothing.
    case replaceExisting(DisabledItem)
    /// Remove the subject's disabled item (it is a favorite again, so its item shows again).
    case remove(DisabledItem.Subject)

    /// The change a contact going from `before` to `after` (nil: not there) at `instant` makes.
    /// A new contact has a new id, so it has no disabled item to remove.
    public static func of(before: Contact?, after: Contact?, at instant: Timestamp) -> DisabledItemChange {
        switch (before, after) {
        case (let before?, nil):
            let disabledItem = DisabledItem.favorite(before.id, reason: .deleted, since: instant)
            return before.favorite ? .keep(disabledItem) : .replaceExisting(disabledItem)
        case (let before?, let after?) where after.favorite:
            return before.favorite ? .none : .remove(.contact(after.id))
        case (let before?, let after?) where before.favorite:
            return .keep(DisabledItem.favorite(after.id, reason: .unfavorited, since: instant))
        default:
            return .none
        }
    }
}
