import StorageCore

/// The sender of a request, once its credential is checked (see `AccessPolicy`).
public enum Principal: Sendable, Equatable {
    /// No credential, on a path that needs none (probes, the preview page's files).
    case anonymous
    /// The admin token.
    case admin
    /// An account's credential: its account token, or single-account mode's service token (or
    /// no token, when none is configured), which is the account `default`'s.
    case account(AccountKey)
}
