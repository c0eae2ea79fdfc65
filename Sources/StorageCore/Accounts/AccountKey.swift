/// An account's key in the store: the number its contacts, triggers and answers are filed
/// under. Internal to a deployment (clients see `Account.id`), and never reused.
public struct AccountKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number.
    public let rawValue: Int64

    /// Creates a key.
    public init(_ rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The account of single-account mode, and the one a database made before accounts
    /// existed keeps its data under (its id and name are `default`).
    public static let `default` = AccountKey(1)

    public static func < (lhs: AccountKey, rhs: AccountKey) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "account \(rawValue)" }
}
