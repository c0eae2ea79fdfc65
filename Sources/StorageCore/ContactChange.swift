import QuickActions
import Synchronization

/// One committed change to one contact of one account: a write (`before` and `after`), a pick
/// that changed a favorite's use score (`usage`), another process's write to one contact
/// (`changedElsewhere`, with `after` as read since), or, with none of these, word that the
/// account's contacts changed in ways this process did not see (read them again).
public struct ContactChange: Sendable, Equatable {
    /// The account the contact belongs to.
    public let account: AccountKey
    /// The contact before the change; nil when it was created.
    public let before: Contact?
    /// The contact after the change; nil when it was deleted.
    public let after: Contact?
    /// A favorite's new usage key (a trigger's change); nil for a write.
    public let usage: UsageChange?
    /// What the write did to the account's disabled items (`DisabledItemChange.of`), in the same
    /// transaction.
    public let disabledItem: DisabledItemChange
    /// Another process wrote the contact with this creation sequence: `after` is the contact as
    /// read since (nil: it is gone); `before` is unknown.
    public let changedElsewhere: Int64?

    /// Creates a change.
    public init(account: AccountKey = .default, before: Contact?, after: Contact?, disabledItem: DisabledItemChange = .none) {
        self.account = account
        self.before = before
        self.after = after
        self.usage = nil
        self.disabledItem = disabledItem
        changedElsewhere = nil
    }

    /// A pick's change of a favorite's use score.
    public init(account: AccountKey, usage: UsageChange) {
        self.account = account
        before = nil
        after = nil
        self.usage = usage
        disabledItem = .none
        changedElsewhere = nil
    }

    /// Another process's write of the contact with `sequence`, which is now `contact` (nil: gone).
    public init(account: AccountKey, changedElsewhere sequence: Int64, now contact: Contact?) {
        self.account = account
        before = nil
        after = contact
        usage = nil
        disabledItem = .none
        changedElsewhere = sequence
    }

    /// The account's contacts changed in ways this process did not see: read them again.
    public static func reread(_ account: AccountKey) -> ContactChange {
        ContactChange(account: account, before: nil, after: nil)
    }

    /// Whether this says only that the account's contacts are to be read again.
    public var isReread: Bool {
        before == nil && after == nil && usage == nil && changedElsewhere == nil
    }
}
