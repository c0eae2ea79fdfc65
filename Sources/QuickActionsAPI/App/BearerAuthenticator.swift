import HTTPServer
import QuickActions

/// What `Authorization: Bearer` checking shares across modes (see `AccessPolicy`, which checks
/// the tokens): the paths open without one, and the 401 answer.
public enum BearerAuthenticator {
    /// Paths open without a token: those of the routes `Routes` marks `.open` (probes need no
    /// secret, and the preview page's static files hold no data). Worked out once, on first use.
    public static let openPaths: Set<String> = Set(Routes.declared.filter { $0.access == .open }.map(\.pattern))

    /// The 401 answer: the same for every path, so it reveals nothing about routes.
    public static var challenge: Problem {
        var headers = HTTPHeaders()
        headers.add("WWW-Authenticate", "Bearer realm=\"quickactiond\"")
        return Problem(.unauthorized, detail: "Send 'Authorization: Bearer <token>' with the service's token.", headers: headers)
    }
}
