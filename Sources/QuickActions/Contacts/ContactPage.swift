/// One page of contacts.
public struct ContactPage: Sendable, Equatable {
    /// The contacts on this page, in creation order.
    public var contacts: [Contact]
    /// How many contacts match the filters in all pages.
    public var total: Int
    /// Sequence to continue after, when there is a next page.
    public var nextAfter: Int64?

    /// Creates a page.
    public init(contacts: [Contact], total: Int, nextAfter: Int64?) {
        self.contacts = contacts
        self.total = total
        self.nextAfter = nextAfter
    }
}
