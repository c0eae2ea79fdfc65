import HTTPServer
import Sharding

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
    /// Who may call it.
    public let access: RouteAccess
    /// What its handler needs of the store (where it runs on PostgreSQL).
    public let store: StoreUse

    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// Creates a route, counted on one row every thread shares (see `counted(in:)`). A handler
    /// is taken to need the store unless `store` says otherwise.
    public convenience init(
        _ method: String, _ pattern: String, _ operationId: String, access: RouteAccess = .account, store: StoreUse = .always,
        _ handler: @escaping RouteHandler
    ) {
        self.init(method, pattern, operationId, access: access, store: store, handler, stats: RouteStats(route: pattern))
    }

    private init(
        _ method: String, _ pattern: String, _ operationId: String, access: RouteAccess, store: StoreUse, _ handler: @escaping RouteHandler,
        stats: RouteStats
    ) {
        self.access = access
        self.store = store
        self.method = method
        self.pattern = pattern
        self.operationId = operationId
        self.handler = handler
        self.stats = stats
        self.segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
    }

    /// The same route, counted in a row per row of `threadRows` (the server's HTTP threads):
    /// a route is declared (`Routes`) before anything knows which threads will serve it.
    public func counted(in threadRows: ThreadRows) -> Route {
        Route(method, pattern, operationId, access: access, store: store, handler, stats: RouteStats(route: pattern, threadRows: threadRows))
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
