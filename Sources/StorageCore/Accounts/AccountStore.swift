import QuickActions

/// Where accounts and their tokens' digests live. A token itself is never stored: only its
/// SHA-256 digest, which the caller computes.
public protocol AccountStore: Sendable {
    /// Creates an account named `name` whose token has `tokenDigest`.
    func createAccount(name: String, tokenDigest: [UInt8]) throws(StorageError) -> Account
    /// The account with public id `id`, or nil.
    func account(id: String) throws(StorageError) -> Account?
    /// The account whose token has `tokenDigest`, or nil.
    func account(tokenDigest: [UInt8]) throws(StorageError) -> Account?
    /// At most `limit` accounts after `after` (from the start when nil), in creation order.
    func accounts(after: AccountKey?, limit: Int) throws(StorageError) -> AccountPage
    /// Deletes the account with id `id` and everything it holds (contacts, triggers,
    /// idempotency answers) in one transaction; returns it, or nil when there was none.
    func deleteAccount(id: String) throws(StorageError) -> Account?
    /// Gives the account with id `id` a new token digest (the old token stops working at
    /// once); returns it, or nil when there is none.
    func replaceToken(accountID id: String, tokenDigest: [UInt8]) throws(StorageError) -> Account?
    /// How many accounts exist.
    func accountCount() throws(StorageError) -> Int
    /// Creates the account `default` (no token) when it was deleted: single-account mode
    /// writes as that account, and the store refuses rows of an account that does not exist.
    func restoreDefaultAccount() throws(StorageError)
    /// Committed token replacements and deletions, after their commit.
    var accountChanges: AccountChangeFeed { get }
}
