import StorageCore

/// The sender of a request, once its credential is checked (see `AccessPolicy`).
public enum Principal: Sendable, Equatable {
    /// No credential, on a path that needs none (probes, the preview page's files).
    case anonymous
    /// Single-account mode: the service token, or anyone when there is none.
    case service
    /// The admin token.
    case admin
    /// An account token.
    case account(AccountKey)
}
