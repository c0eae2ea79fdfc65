/// A committed change to an account that others holding its state must act on.
public enum AccountChange: Sendable, Equatable {
    /// Its token was replaced: the old one no longer opens it.
    case tokenReplaced(AccountKey)
    /// It was deleted with everything it held.
    case deleted(AccountKey)

    /// The account changed.
    public var key: AccountKey {
        switch self {
        case .tokenReplaced(let key), .deleted(let key): key
        }
    }
}
