/// What a committed contact change does to the tombstones of its account.
public enum TombstoneChange: Sendable, Equatable {
    /// Nothing.
    case none
    /// Keep this tombstone (replacing the subject's, if any).
    case keep(Tombstone)
    /// Replace the subject's tombstone by this one, if it has one (an unfavorited contact
    /// deleted: the message says deleted now); otherwise nothing.
    case replaceExisting(Tombstone)
    /// Remove the subject's tombstone (it is a favorite again, so its item shows again).
    case remove(Tombstone.Subject)

    /// The change a contact going from `before` to `after` (nil: not there) at `instant` makes.
    /// A new contact has a new id, so it has no tombstone to remove.
    public static func of(before: Contact?, after: Contact?, at instant: Timestamp) -> TombstoneChange {
        switch (before, after) {
        case (let before?, nil):
            let tombstone = Tombstone.favorite(before.id, reason: .deleted, since: instant)
            return before.favorite ? .keep(tombstone) : .replaceExisting(tombstone)
        case (let before?, let after?) where after.favorite:
            return before.favorite ? .none : .remove(.contact(after.id))
        case (let before?, let after?) where before.favorite:
            return .keep(Tombstone.favorite(after.id, reason: .unfavorited, since: instant))
        default:
            return .none
        }
    }
}
