import HTTPServer
import StorageCore

/// Who a request comes from, and what it may reach (`AccountAccess`, in the mode chosen once,
/// when the API is built: `Router.api`).
///
/// A request is authenticated before it is routed (so every path looks the same without a
/// credential), then authorized for its route's `RouteAccess`. Paths in
/// `BearerAuthenticator.openPaths` need no credential. Where the store's reads may wait
/// (PostgreSQL), the HTTP threads use `authenticateFromMemory` only, and hand what needs the
/// store to its workers.
public protocol AccessPolicy: AnyObject, Sendable {
    /// The sender of `request` as far as memory tells: `needsStore` only for a well-formed
    /// account token that is not in memory, on a path that needs a credential (what a token
    /// would open does not change an open path's answer).
    func authenticateFromMemory(_ request: HTTPRequest) -> MemoryAuthentication

    /// The sender of `request`, or nil when its credential opens nothing (401). A storage
    /// failure while looking a token up is thrown (503: the token may be valid).
    func authenticate(_ request: HTTPRequest) throws(StorageError) -> Principal?

    /// What `principal` may do on a route of `access`: the scope an account route acts for
    /// (nil for the others), or the problem (403, or 401 for no credential) that refuses it.
    func authorize(_ principal: Principal, _ access: RouteAccess) throws(Problem) -> AccountScope?
}
