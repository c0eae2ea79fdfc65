import HTTPServer

/// A handler for one operation.
public typealias RouteHandler = @Sendable (APIRequest) throws -> HTTPResponse

/// One documented operation: method, path pattern (`/contacts/{id}`), and its `operationId`.
/// A class, so matching passes references instead of copying closures and arrays.
public final class Route: Sendable {
    /// HTTP method.
    public let method: String
    /// Path pattern with `{name}` parameters, as written in `openapi.yaml`.
    public let pattern: String
    /// The operation's id in `openapi.yaml`, and the handler's name.
    public let operationId: String
    let segments: [Segment]
    let handler: RouteHandler
    /// This route's request counters (labelled by `pattern`).
    public let stats: RouteStats

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
        self.stats = RouteStats(route: pattern)
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
/// Paths without parameters are found by a scan of the literal paths; the rest by segments.
public struct Router: Sendable {
    /// Every route, in the order given.
    public let routes: [Route]
    /// Parameterless paths: method → route, and the methods allowed there.
    /// Literal paths with their routes by method. A dozen short paths: a scan comparing bytes
    /// costs less per request than hashing the path for a dictionary.
    private let staticPaths: [StaticPath]
    private let parameterized: [Route]

    /// Creates a router over `routes`.
    public init(routes: [Route]) {
        self.routes = routes
        var staticRoutes: [String: [Route]] = [:]
        for route in routes where route.segments.allSatisfy({ if case .literal = $0 { true } else { false } }) {
            staticRoutes[route.pattern, default: []].append(route)
        }
        staticPaths = staticRoutes.sorted { $0.key < $1.key }.map { path, routes in
            StaticPath(path: path, routes: routes, allowed: Router.allowed(routes.map(\.method)))
        }
        parameterized = routes.filter { staticRoutes[$0.pattern] == nil }
    }

    /// The route for `method` and `path`, the request's raw (still percent-encoded) path. The
    /// path is split into segments first and each segment decoded after, so an encoded slash
    /// (`%2F`) stays inside its segment: `/contacts/x%2Fvcard` is the contact `x/vcard`, never
    /// the vCard route.
    public func match(method: String, path: String) -> RouteMatch {
        let lookup = method == "HEAD" ? "GET" : method
        let encoded = path.utf8.contains(UInt8(ascii: "%"))
        if !encoded {
            // Comparing lengths first rules out most paths without a string comparison.
            let length = path.utf8.count
            if let entry = staticPaths.first(where: { $0.length == length && $0.path == path }) {
                return entry.match(lookup)
            }
        }
        var pathSegments: [Substring] = []
        for raw in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            guard encoded else {
                pathSegments.append(raw)
                continue
            }
            // The whole target was decoded once already, so a segment's decoding cannot fail.
            guard let decoded = try? RequestTarget.decode(raw, plusIsSpace: false) else { return .notFound }
            pathSegments.append(Substring(decoded))
        }
        if encoded, !pathSegments.contains(where: { $0.contains("/") }) {
            let decodedPath = "/" + pathSegments.joined(separator: "/")
            if let entry = staticPaths.first(where: { $0.path == decodedPath }) { return entry.match(lookup) }
        }
        var candidates: [(Route, [String: String])] = []
        for route in parameterized where route.segments.count == pathSegments.count {
            if let parameters = route.match(pathSegments) { candidates.append((route, parameters)) }
        }
        guard !candidates.isEmpty else { return .notFound }
        // The most specific pattern owns the path; other patterns only count if equally specific.
        let best = candidates.map(\.0.specificity).max() ?? 0
        let owners = candidates.filter { $0.0.specificity == best }
        if let (route, parameters) = owners.first(where: { $0.0.method == lookup }) {
            return .found(route, parameters: parameters)
        }
        return .methodNotAllowed(allowed: Router.allowed(owners.map(\.0.method)))
    }

    /// The `Allow` list for `methods`: sorted, with HEAD wherever GET is.
    private static func allowed(_ methods: [String]) -> [String] {
        var allowed = Set(methods)
        if allowed.contains("GET") { allowed.insert("HEAD") }
        return allowed.sorted()
    }
}

/// A literal path, the routes at it (one per method), and its `Allow` list.
private final class StaticPath: Sendable {
    let path: String
    /// `path`'s UTF-8 length.
    let length: Int
    let routes: [Route]
    let allowed: [String]

    init(path: String, routes: [Route], allowed: [String]) {
        self.path = path
        self.length = path.utf8.count
        self.routes = routes
        self.allowed = allowed
    }

    /// A literal path owns its methods: `/triggers/stats` is never `/triggers/{id}`.
    func match(_ method: String) -> RouteMatch {
        if let route = routes.first(where: { $0.method == method }) { return .found(route, parameters: [:]) }
        return .methodNotAllowed(allowed: allowed)
    }
}
