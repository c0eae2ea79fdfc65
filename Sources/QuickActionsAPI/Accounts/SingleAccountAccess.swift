import Cryptography
import HTTPServer
import StorageCore

/// Single-account mode (the default): one credential, the service token (`--token`), or none;
/// every account route acts for the account `default`.
public final class SingleAccountAccess: AccessPolicy {
    /// Where the service token is read, per request (a reload may replace it).
    private let settings: CurrentSettings
    /// The scope of every account route (nil: a router without account routes, in tests).
    private let scope: AccountScope?

    /// The service token of `settings` (nil: none needed) opens every route, for `scope`.
    public init(settings: CurrentSettings, scope: AccountScope?) {
        self.settings = settings
        self.scope = scope
    }

    /// Single-account mode with a fixed `token`.
    public convenience init(serviceToken token: String?, scope: AccountScope?) {
        self.init(settings: CurrentSettings(ServiceSettings(serviceToken: token)), scope: scope)
    }

    public func authenticateFromMemory(_ request: HTTPRequest) -> MemoryAuthentication {
        guard let tokenDigest = settings.withRequestView({ $0.serviceTokenDigest }) else { return .known(.service) }
        if let presented = request.headers.withBearerToken(SHA256.Digest.init(hashing:)), presented.equalsInConstantTime(tokenDigest) {
            return .known(.service)
        }
        return BearerAuthenticator.openPaths.contains(request.path) ? .known(.anonymous) : .refused
    }

    public func authenticate(_ request: HTTPRequest) throws(StorageError) -> Principal? {
        // Memory always knows: there is no token to look up.
        guard case .known(let principal) = authenticateFromMemory(request) else { return nil }
        return principal
    }

    public func authorize(_ principal: Principal, _ access: RouteAccess) throws(Problem) -> AccountScope? {
        switch (principal, access) {
        case (_, .open):
            return nil
        case (.anonymous, _):
            throw BearerAuthenticator.challenge
        case (.service, .account):
            return scope
        case (.service, .operations), (.service, .anyCredential):
            return nil
        case (_, .admin):
            throw Problem.wrongCredential(
                "The admin API exists in multi-account mode only: start quickactiond with --accounts and an admin token.")
        default:
            throw Problem.wrongCredential("This credential does not open this operation.")
        }
    }
}
