import HTTPServer
import Synchronization

/// What the pipeline has established about one request, step by step (see `APIHandler`): the
/// account budget it spent, its route, and the routed request the handler is given. When the
/// request is handed to a store worker, its context goes along, and the worker takes the steps
/// up where the HTTP thread left them: no step runs twice.
struct APIRequestContext: Sendable {
    /// The request as the transport read it.
    let http: HTTPRequest
    /// Whether this thread may read the store (false: an HTTP thread, while the store's reads
    /// may wait); the steps then read memory only.
    var readsStore: Bool
    /// The account's budget after this request (`--rate-limit`), once spent: its headers go on
    /// the answer.
    var budget: RateLimitDecision?
    /// The route, once routed (unset: the request is counted and logged as unmatched).
    var route: Route?
    /// The routed request, once routed and authorized: the handler's argument.
    var request: APIRequest?
    /// Where the store worker that took the request over records what it found (see
    /// `HandedOffRequest`).
    var handedOff: HandedOffRequest?

    init(http: HTTPRequest, readsStore: Bool) {
        self.http = http
        self.readsStore = readsStore
    }
}

/// A request a store worker took over: what the worker found of its route and budget, for the
/// steps that run when its answer completes (access log, metrics). Until the worker is done, the
/// answer (its deadline's 503) goes with what the HTTP thread knew.
final class HandedOffRequest: Sendable {
    private let found = Mutex<(route: Route?, budget: RateLimitDecision?)?>(nil)

    /// Records the context the worker ended with.
    func record(_ context: APIRequestContext) {
        found.withLock { $0 = (context.route, context.budget) }
    }

    /// The route and budget the worker found, or `context`'s while it is not done.
    func found(else context: APIRequestContext) -> (route: Route?, budget: RateLimitDecision?) {
        found.withLock { $0 } ?? (context.route, context.budget)
    }
}
