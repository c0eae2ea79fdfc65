import HTTPServer
import QuickActions

/// What `Authorization: Bearer` checking shares across modes (see `AccessPolicy`, which checks
/// the tokens): the paths open without one, and the 401 answer.
public enum BearerAuthenticator {
    /// Paths open without a token, so probes need no secret; and the preview page's static
    /// files, which hold no data (a browser cannot send a token when it navigates).
    public static let openPaths: Set<String> = ["/healthz", "/readyz", "/preview", "/preview/app.js", "/preview/app.css"]

    /// The 401 answer: the same for every path, so it reveals nothing about routes.
    public static var challenge: Problem {
        var headers = HTTPHeaders()
        headers.add("WWW-Authenticate", "Bearer realm=\"quickactiond\"")
        return Problem(.unauthorized, detail: "Send 'Authorization: Bearer <token>' with the service's token.", headers: headers)
    }
}
