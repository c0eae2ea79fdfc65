import QuickActions
import Synchronization

/// One committed change to one contact.
public struct ContactChange: Sendable, Equatable {
    /// The contact before the change; nil when it was created.
    public let before: Contact?
    /// The contact after the change; nil when it was deleted.
    public let after: Contact?

    /// Creates a change.
    public init(before: Contact?, after: Contact?) {
        self.before = before
        self.after = after
    }
}
