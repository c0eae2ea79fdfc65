import HTTPServer
import QuickActions
import StorageCore

/// The application's side of the transport: one pipeline, which every request passes through
/// once, in this order:
///
/// 1. authentication (`AccessPolicy`), before anything else, so that without a valid
///    credential every path looks the same (401);
/// 2. rate limit: a request an account sends counts its connection for the account (refused and
///    closed past the account's share), then spends one of its requests (`--rate-limit`), on any
///    path that needs a credential, found or not (429);
/// 3. route: a known method (501), `Router.match` (404, 405), the route's `RouteAccess` (403);
/// 4. the route's handler;
/// 5. problem mapping: whatever a step threw becomes problem+json (`ProblemMapping`);
/// 6. the access log line, with the request id (and the budget's headers on the answer);
/// 7. the route's metrics, which count the status the client gets.
///
/// Steps 6 and 7 run when the answer is known: at once, or when a deferred answer completes.
///
/// Given `StoreWorkers` (a store whose reads may wait on another client's lock: PostgreSQL),
/// no HTTP thread waits on the database. The pipeline then runs on the HTTP thread from memory
/// only, and hands the request to the workers where memory cannot serve it: at step 1 for an
/// account token not in memory, at step 4 for a route whose `StoreUse` is `always`. A handler
/// that starts in memory hands over only its read of the store (`APIRequest.readingStore`).
/// The request's context goes along (`APIRequestContext`): a worker takes the steps up where
/// the HTTP thread left them, so none runs twice. Such a request is answered through a
/// `DeferredResponse` within `--db-request-timeout` (`RequestDeadline`), or refused at once with
/// a 503 (`…/problems/storage-busy`) when too many wait already. Without workers every request
/// is answered on the HTTP thread.
public final class APIHandler: HTTPRequestHandler {
    /// The routes served.
    public let router: Router
    private let logger: RequestLogger
    private let metrics: Metrics
    /// The per-account request budget (`--rate-limit`), when on.
    private let limiter: RateLimiter?
    /// Where the HTTP threads hand what reads the store, when its reads may wait (nil: they
    /// read it themselves).
    private let storeHandOff: StoreHandOff?
    /// The longest an answer given on an HTTP thread waits on the store (`--db-request-timeout`):
    /// then it is a 503 (`RequestDeadline`). Only with workers.
    private let deadline: RequestDeadline?
    private let problems: ProblemMapping

    /// The route label for requests that match no route, so raw paths never become labels.
    public static let unmatchedRoute = "unmatched"

    /// Creates a handler over `router`, whose `access` decides who may call what; `limiter`
    /// budgets each account's requests; `workers` run what needs the store, each request
    /// answered within `requestTimeout` (a 503 past it; zero: no deadline).
    public init(
        router: Router, logger: RequestLogger, limiter: RateLimiter? = nil, metrics: Metrics, workers: StoreWorkers? = nil,
        requestTimeout: Duration = RequestDeadline.defaultTimeout
    ) {
        self.router = router
        self.logger = logger
        self.limiter = limiter
        self.metrics = metrics
        let problems = ProblemMapping(logger: logger)
        self.problems = problems
        storeHandOff = workers.map { StoreHandOff(workers: $0, problems: problems) }
        deadline = workers == nil || requestTimeout == .zero ? nil : RequestDeadline(timeout: requestTimeout)
        metrics.register(router.routes.map(\.stats))
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        handle(request, on: .detached)
    }

    public func handle(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse {
        var context = APIRequestContext(http: request, readsStore: storeHandOff == nil)
        let response = answer(&context, on: connection)
        return concluded(response, context)
    }

    /// Steps 1 to 5, those `context` has not taken yet.
    private func answer(_ context: inout APIRequestContext, on connection: borrowing HTTPConnection) -> HTTPResponse {
        do {
            return try steps(&context, on: connection)
        } catch {
            return problems.response(to: error, route: context.route?.pattern ?? Self.unmatchedRoute)
        }
    }

    /// Steps 1 to 4. A request handed to a worker after step 3 comes back here with its routed
    /// request, and runs only its handler.
    private func steps(_ context: inout APIRequestContext, on connection: borrowing HTTPConnection) throws -> HTTPResponse {
        if context.request == nil {
            guard let principal = try authenticate(context) else { return handOff(&context) }
            if let refusal = try admit(principal, &context, on: connection) { return refusal }
            try route(&context, for: principal)
        }
        guard var request = context.request, let route = context.route else { throw Problem.internalError() }
        if !context.readsStore {
            if case .always = route.store { return handOff(&context) }
            request.storeHandOff = storeHandOff
        }
        return try route.handler(request)
    }

    /// Step 1: the sender, or nil when memory cannot tell and this thread may not read the store
    /// (the request goes to a worker); a 401 when the credential opens nothing.
    private func authenticate(_ context: APIRequestContext) throws -> Principal? {
        if context.readsStore {
            guard let principal = try router.access.authenticate(context.http) else { throw BearerAuthenticator.challenge }
            return principal
        }
        switch router.access.authenticateFromMemory(context.http) {
        case .known(let principal): return principal
        case .refused: throw BearerAuthenticator.challenge
        case .needsStore: return nil
        }
    }

    /// Step 2, for a request an account sends (an account token, or single-account mode's
    /// service credential) on a path that needs a credential: on a connection not yet counted for
    /// anyone, the connection first counts for the account, or the request is refused and the
    /// connection closed when the account holds its share (`refusedByShare`); then the request
    /// spends one of the account's requests (`--rate-limit`), or is refused with a 429. The
    /// admin, probes and open paths are never limited.
    private func admit(_ principal: Principal, _ context: inout APIRequestContext, on connection: borrowing HTTPConnection) throws(Problem)
        -> HTTPResponse?
    {
        let account: AccountKey
        switch principal {
        case .account(let key): account = key
        case .anonymous, .admin: return nil
        }
        guard !BearerAuthenticator.openPaths.contains(context.http.path) else { return nil }
        if let refusal = Self.refusedByShare(principal, on: connection) { return refusal }
        guard let limiter else { return nil }
        let decision = limiter.take(account.rawValue)
        if let refusal = decision.problem { throw refusal }
        context.budget = decision
        return nil
    }

    /// Step 3: the route for the request's method and path (501 for a method no route knows,
    /// 404, 405), then what `principal` may do there (403, or the account it acts for).
    private func route(_ context: inout APIRequestContext, for principal: Principal) throws(Problem) {
        let http = context.http
        guard RouteStats.isKnown(http.method) else { throw Problem.notImplemented(method: http.method) }
        switch router.match(method: http.method, path: http.rawPath) {
        case .found(let route, let parameters):
            context.route = route
            let scope = try router.access.authorize(principal, route.access)
            context.request = APIRequest(http: http, parameters: parameters, route: route.pattern, scope: scope)
        case .notFound:
            throw Problem.notFound("Nothing is at \(http.path).")
        case .methodNotAllowed(let allowed):
            throw Problem.methodNotAllowed(http.method, path: http.path, allowed: allowed)
        }
    }

    /// Hands the steps `context` has not taken to a store worker, which takes them up reading the
    /// store: the answer comes later (or a 503 at once when too many wait for the workers).
    private func handOff(_ context: inout APIRequestContext) -> HTTPResponse {
        guard let storeHandOff else { return Problem.internalError().response }
        let handedOff = HandedOffRequest()
        let carried = context
        context.handedOff = handedOff
        return storeHandOff.submit { [self] in
            var context = carried
            context.readsStore = true
            // The connection stays on its HTTP thread: it was counted for the request's account,
            // when memory knew the account, before the request was handed over.
            let response = answer(&context, on: .detached)
            handedOff.record(context)
            return response
        }
    }

    /// `response` after steps 6 and 7: now, or when it completes. An answer that waits on the
    /// store (a worker's, or a write's commit) is given within the deadline.
    private func concluded(_ response: HTTPResponse, _ context: APIRequestContext) -> HTTPResponse {
        let http = context.http
        guard let pending = response.deferred else {
            var response = response
            finish(
                &response, method: http.method, path: http.path, headers: http.headers, startedAt: http.startedAt, route: context.route,
                budget: context.budget)
            return response
        }
        pending.map { [self] completed in
            var completed = completed
            let (route, budget) = context.handedOff?.found(else: context) ?? (context.route, context.budget)
            finish(&completed, method: http.method, path: http.path, headers: http.headers, startedAt: http.startedAt, route: route, budget: budget)
            return completed
        }
        deadline?.arm(pending, startedAt: http.startedAt)
        return response
    }

    /// Steps 6 and 7: the budget's headers and the request id on the answer, its access log
    /// line, then its route's counters (the unmatched ones for a request not routed).
    func finish(
        _ response: inout HTTPResponse, method: String, path: String, headers: RequestHeaders, startedAt: UInt64, route: Route?,
        budget: RateLimitDecision?
    ) {
        budget?.addHeaders(to: &response.headers)
        let requestId = Self.clientRequestId(from: headers).map(RequestID.given) ?? .next()
        response.requestId = requestId
        let stats = route?.stats ?? metrics.unmatched
        let seconds = Double(MonotonicClock.nanoseconds() &- startedAt) / 1_000_000_000
        logger.request(
            id: requestId, method: method, path: path, route: stats.logRoute, status: response.status, milliseconds: seconds * 1000,
            bytes: response.body.count)
        stats.observe(method: method, status: response.status, seconds: seconds)
    }

    /// The refusal of an account's request on a connection not yet counted for anyone, when the
    /// account already holds its share of connections (see `ConnectionOwners`): the connection is
    /// closed after it. Otherwise nil, and the connection counts for the account until it closes
    /// (whoever sends on it later), so one account cannot hold every connection. Admin and
    /// single-account requests are never held to a share.
    private static func refusedByShare(_ principal: Principal, on connection: borrowing HTTPConnection) -> HTTPResponse? {
        guard case .account(let key) = principal, !connection.attribute(to: key.rawValue) else { return nil }
        var response = Problem.tooManyAccountConnections(limit: connection.share ?? 0).response
        response.closeConnection = true
        return response
    }

    /// The client's `X-Request-Id` when it is short, visible ASCII.
    static func clientRequestId(from headers: RequestHeaders) -> String? {
        guard let given = headers["X-Request-Id"], (1...128).contains(given.utf8.count), given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return nil
        }
        return given
    }
}
