/// Who may call a route. Single-account mode knows one credential (the service token, or
/// none); multi-account mode tells the admin token from account tokens.
public enum RouteAccess: Sendable, Equatable {
    /// Anyone, without a credential: probes, and the preview page's static files.
    case open
    /// An account's data: the account token that selects the account (single-account: the
    /// service token).
    case account
    /// Account administration: the admin token only (multi-account mode).
    case admin
    /// Operators' views (`/metrics`): the admin token in multi-account mode, the service token otherwise.
    case operations
    /// Any valid credential (`/openapi.yaml`).
    case anyCredential
}
