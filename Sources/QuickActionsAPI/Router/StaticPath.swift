import HTTPServer

/// A literal path, the routes at it (one per method), and its `Allow` list.
final class StaticPath: Sendable {
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
