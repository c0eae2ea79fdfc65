import HTTPServer
import QuickActions

/// A handler for one operation.
public typealias RouteHandler = @Sendable (APIRequest) throws -> HTTPResponse

/// Matches requests to routes. `HEAD` is answered by the `GET` route (the transport drops the body).
/// Paths without parameters are found by a scan of the literal paths; the rest by segments.
public struct Router: Sendable {
    /// Every route, in the order given.
    public let routes: [Route]
    /// Parameterless paths, each with its routes (one per method) and its `Allow` list. A dozen
    /// short paths: a scan comparing lengths, then bytes, costs less per request than hashing
    /// the path for a dictionary.
    private let staticPaths: [StaticPath]
    /// Routes with parameters, matched segment by segment.
    private let parameterized: [Route]
    /// Who may call which route, and for which account.
    public let access: any AccessPolicy

    /// Creates a router over `routes`; `access` checks credentials.
    public init(routes: [Route], access: any AccessPolicy) {
        self.routes = routes
        self.access = access
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
        // Read in place: `path.utf8.contains` walks the view's indices, ten times the work.
        let encoded = StringBytes.withBytes(of: path) { bytes in
            for index in bytes.indices where bytes[index] == UInt8(ascii: "%") { return true }
            return false
        }
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
