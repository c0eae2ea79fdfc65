/// A committed change to an account that others holding its state must act on.
public enum AccountChange: Sendable, Equatable {
    /// Its token was replaced: the old one no longer opens it.
    case tokenReplaced(AccountKey)
    /// It was deleted with everything it held.
    case deleted(AccountKey)
    /// Changes may have been missed: a store shared with other processes lost its notice of
    /// them for a while (PostgreSQL: the LISTEN connection was down). Forget every cached token
    /// and list, and end the event streams so their clients resume with `Last-Event-ID`
    /// (which replays the triggers of the gap from the store).
    case everything

    /// The account changed; nil for `everything`.
    public var key: AccountKey? {
        switch self {
        case .tokenReplaced(let key), .deleted(let key): key
        case .everything: nil
        }
    }
}
