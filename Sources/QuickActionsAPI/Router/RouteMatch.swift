import HTTPServer

/// What routing decided for a request.
public enum RouteMatch: Sendable {
    /// A route answers it, with these path parameters.
    case found(Route, parameters: [String: String])
    /// No route has this path.
    case notFound
    /// Routes have this path, but not this method; these methods are allowed.
    case methodNotAllowed(allowed: [String])
}
