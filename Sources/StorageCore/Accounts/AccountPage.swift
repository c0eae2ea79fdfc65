/// One page of accounts, in creation order.
public struct AccountPage: Sendable, Equatable {
    /// The accounts on this page.
    public var accounts: [Account]
    /// The key to continue after, when more follow.
    public var nextAfter: AccountKey?

    /// Creates a page.
    public init(accounts: [Account], nextAfter: AccountKey?) {
        self.accounts = accounts
        self.nextAfter = nextAfter
    }
}
