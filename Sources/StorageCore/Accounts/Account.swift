import QuickActions

/// One account: a person (or a device's owner) whose contacts, triggers and event stream are
/// theirs alone. Its token is not part of it: the store keeps only the token's digest.
public struct Account: Sendable, Equatable {
    /// The store's key for it.
    public var key: AccountKey
    /// Its public id: 20 lower-case base32 characters, or `default`.
    public var id: String
    /// What the operator called it.
    public var name: String
    /// When it was created.
    public var createdAt: Timestamp

    /// Creates an account value.
    public init(key: AccountKey, id: String, name: String, createdAt: Timestamp) {
        self.key = key
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }

    /// The id of the account that holds a single-account database's data.
    public static let defaultID = "default"
}
