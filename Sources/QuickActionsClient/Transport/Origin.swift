import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URL's origin (RFC 6454): scheme, host and port, the port made explicit. The token is only
/// ever sent to the origin of the client's base URL.
struct Origin: Sendable, Equatable, CustomStringConvertible {
    var scheme: String
    var host: String
    var port: Int

    /// The origin of `url`; nil when it has no scheme or host.
    init?(_ url: URL?) {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : 0)
    }

    var description: String {
        let shownHost = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }

    /// The request to follow a redirect from `original` to `proposed`: the same origin keeps
    /// the original's `Authorization` (set again, whatever the URL loader kept); another origin
    /// is refused, named in the error.
    static func follow(_ proposed: URLRequest, from original: URLRequest?) -> Result<URLRequest, QuickActionsClientError> {
        guard let target = Origin(proposed.url) else { return .failure(.redirectRefused(origin: proposed.url?.absoluteString ?? "(no URL)")) }
        guard let source = Origin(original?.url), source == target else { return .failure(.redirectRefused(origin: target.description)) }
        var request = proposed
        request.setValue(original?.value(forHTTPHeaderField: "Authorization"), forHTTPHeaderField: "Authorization")
        return .success(request)
    }
}
