import HTTPServer
import QuickActions

/// Checks `Authorization: Bearer TOKEN` before routing, in constant time.
public struct BearerAuthenticator: Sendable {
    /// Paths open without a token, so probes need no secret; and the preview page's static
    /// files, which hold no data (a browser cannot send a token when it navigates).
    public static let openPaths: Set<String> = ["/healthz", "/readyz", "/preview", "/preview/app.js", "/preview/app.css"]

    private let tokenDigest: [UInt8]

    /// Creates an authenticator for `token` (which must not be empty).
    public init(token: String) {
        tokenDigest = SHA256.digest(Array(token.utf8))
    }

    /// Whether `request` may proceed.
    public func allows(_ request: HTTPRequest) -> Bool {
        if Self.openPaths.contains(request.path) { return true }
        guard let header = request.headers["Authorization"] else { return false }
        let prefix = "bearer "
        guard header.utf8.count > prefix.utf8.count, header.lowercased().hasPrefix(prefix) else { return false }
        let presented = String(header.dropFirst(prefix.count)).trimmingWhitespaceASCII()
        // Comparing digests hides both the token's bytes and its length from timing.
        let digest = SHA256.digest(Array(presented.utf8))
        var difference: UInt8 = 0
        for (a, b) in zip(digest, tokenDigest) { difference |= a ^ b }
        return difference == 0
    }

    /// The 401 answer: the same for every path, so it reveals nothing about routes.
    public static var challenge: Problem {
        var headers = HTTPHeaders()
        headers.add("WWW-Authenticate", "Bearer realm=\"quickactiond\"")
        return Problem(
            status: 401, title: "Unauthorized", detail: "Send 'Authorization: Bearer <token>' with the service's token.",
            headers: headers)
    }
}

extension String {
    fileprivate func trimmingWhitespaceASCII() -> String {
        var view = Substring(self)
        while view.first == " " || view.first == "\t" { view.removeFirst() }
        while view.last == " " || view.last == "\t" { view.removeLast() }
        return String(view)
    }
}
