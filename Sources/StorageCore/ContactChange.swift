import QuickActions
import Synchronization

/// One committed change to one contact of one account.
public struct ContactChange: Sendable, Equatable {
    /// The account the contact belongs to.
    public let account: AccountKey
    /// The contact before the change; nil when it was created.
    public let before: Contact?
    /// The contact after the change; nil when it was deleted.
    public let after: Contact?

    /// Creates a change.
    public init(account: AccountKey = .default, before: Contact?, after: Contact?) {
        self.account = account
        self.before = before
        self.after = after
    }
}
