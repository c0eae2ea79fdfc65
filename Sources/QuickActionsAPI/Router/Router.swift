import HTTPServer

/// A handler for one operation.
public typealias RouteHandler = @Sendable (APIRequest) throws -> HTTPResponse

/// One documented operation: method, path pattern (`/contacts/{id}`), and its `operationId`.
public struct Route: Sendable {
    /// HTTP method.
    public let method: String
    /// Path pattern with `{name}` parameters, as written in `openapi.yaml`.
    public let pattern: String
    /// The operation's id in `openapi.yaml`, and the handler's name.
    public let operationId: String
    let segments: [Segment]
    let handler: RouteHandler

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// Creates a route.
    public init(_ method: String, _ pattern: String, _ operationId: String, _ handler: @escaping RouteHandler) {
        self.method = method
        self.pattern = pattern
        self.operationId = operationId
        self.handler = handler
        self.segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// Parameters when `path` matches this route's pattern, else nil.
    func match(_ pathSegments: [Substring]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, pathSegments) {
            switch segment {
            case .literal(let literal):
                guard part == literal else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                parameters[name] = String(part)
            }
        }
        return parameters
    }

    /// Literal segments first: `/triggers/stats` wins over `/triggers/{id}`.
    var specificity: Int { segments.count(where: { if case .literal = $0 { true } else { false } }) }
}

/// What routing decided for a request.
public enum RouteMatch: Sendable {
    /// A route answers it, with these path parameters.
    case found(Route, parameters: [String: String])
    /// No route has this path.
    case notFound
    /// Routes have this path, but not this method; these methods are allowed.
    case methodNotAllowed(allowed: [String])
}

/// Matches requests to routes. `HEAD` is answered by the `GET` route (the transport drops the body).
public struct Router: Sendable {
    /// Every route, in the order given.
    public let routes: [Route]

    /// Creates a router over `routes`.
    public init(routes: [Route]) {
        self.routes = routes
    }

    /// The route for `method` and `path`.
    public func match(method: String, path: String) -> RouteMatch {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        let pathSegments = Array(parts)
        let candidates = routes.compactMap { route in route.match(pathSegments).map { (route, $0) } }
        guard !candidates.isEmpty else { return .notFound }
        // The most specific pattern owns the path; other patterns only count if equally specific.
        let best = candidates.map(\.0.specificity).max() ?? 0
        let owners = candidates.filter { $0.0.specificity == best }
        let lookup = method == "HEAD" ? "GET" : method
        if let (route, parameters) = owners.first(where: { $0.0.method == lookup }) {
            return .found(route, parameters: parameters)
        }
        var allowed = owners.map(\.0.method)
        if allowed.contains("GET") { allowed.append("HEAD") }
        return .methodNotAllowed(allowed: Array(Set(allowed)).sorted())
    }
}
