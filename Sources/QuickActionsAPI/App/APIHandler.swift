import HTTPServer
import QuickActions
import StorageCore

/// The application's side of the transport: routing, errors as problems, request ids, logs.
///
/// Given `StoreWorkers` (a store whose reads may wait on another client's lock: PostgreSQL),
/// no HTTP thread waits on the database. A request is answered on the HTTP thread when memory
/// answers it: its credential is known without the store (`AccessPolicy.authenticateFromMemory`)
/// and its route needs no store (`StoreUse.never`), finds what it needs cached
/// (`StoreUse.whenNotCached`), or only queues a write with the store's writer, which never
/// waits (`StoreUse.queuesWrite`). Any other request is handed to the workers, and its connection
/// parked until they answer (`DeferredResponse`); when too many wait already, it is refused at
/// once with a 503 (`…/problems/storage-busy`). Without workers every request is answered on
/// the HTTP thread.
public final class APIHandler: HTTPRequestHandler {
    /// The routes served.
    public let router: Router
    private let logger: RequestLogger
    private let metrics: Metrics
    /// The per-account request budget (`--rate-limit`), when on.
    private let limiter: RateLimiter?
    /// Where requests that need the store run, when its reads may wait.
    private let workers: StoreWorkers?
    /// The longest a request that waits on the store goes unanswered (`--db-request-timeout`):
    /// then it is answered with a 503 (`RequestDeadline`). Only with `workers`.
    private let deadline: RequestDeadline?

    /// The route label for requests that match no route, so raw paths never become labels.
    public static let unmatchedRoute = "unmatched"

    /// Creates a handler over `router`, whose `access` decides who may call what; `limiter`
    /// budgets each account's requests; `workers` run the requests that need the store, each
    /// answered within `requestTimeout` (a 503 past it; zero: no deadline).
    public init(
        router: Router, logger: RequestLogger, limiter: RateLimiter? = nil, metrics: Metrics, workers: StoreWorkers? = nil,
        requestTimeout: Duration = RequestDeadline.defaultTimeout
    ) {
        self.router = router
        self.logger = logger
        self.limiter = limiter
        self.metrics = metrics
        self.workers = workers
        deadline = workers == nil || requestTimeout == .zero ? nil : RequestDeadline(timeout: requestTimeout)
        metrics.register(router.routes.map(\.stats))
    }

    /// A request's answer, or word that it needs the store (only when answering from memory).
    private enum Outcome {
        case answered(HTTPResponse)
        case needsStore
    }

    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        handle(request, on: .detached)
    }

    public func handle(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse {
        guard let workers else { return answer(request, on: connection) }
        switch respond(to: request, fromMemoryOnly: true, on: connection) {
        case .answered(let response):
            // A write queued with the writer: its deferred answer logs whatever completes it.
            if let pending = response.deferred { deadline?.arm(pending, startedAt: request.startedAt) { $0 } }
            return response
        case .needsStore: return hand(request, to: workers)
        }
    }

    /// The answer to `request`, reading the store as needed.
    private func answer(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse {
        switch respond(to: request, fromMemoryOnly: false, on: connection) {
        case .answered(let response): return response
        case .needsStore: return Problem.internalError().response
        }
    }

    /// Has `workers` answer `request` (a deferred response meanwhile), or refuses it at once
    /// when too many requests wait for them.
    private func hand(_ request: HTTPRequest, to workers: StoreWorkers) -> HTTPResponse {
        let pending = DeferredResponse()
        // The connection stays on its HTTP thread: it was attributed to the request's account,
        // when one was known from memory, before the request was handed over.
        let queued = workers.submit { [self] in
            // Answered already (its deadline passed while it waited for a worker): not run.
            guard !pending.isCompleted else { return }
            let response = answer(request, on: .detached)
            // A write's answer comes later still, when its commit returns.
            if let later = response.deferred {
                later.map { completed in
                    pending.complete(completed)
                    return completed
                }
            } else if !pending.complete(response), case .stream(let stream) = response.body {
                // Its deadline answered first: the stream has no client.
                stream.close()
            }
        }
        if queued {
            deadline?.arm(pending, startedAt: request.startedAt) { [self] response in
                var response = response
                finish(
                    &response, method: request.method, path: request.path, route: stats(of: request), headers: request.headers,
                    startedAt: request.startedAt)
                return response
            }
            return .deferred(pending)
        }
        var response = Problem.storeBusy(waiting: workers.queueLimit).response
        finish(
            &response, method: request.method, path: request.path, route: stats(of: request), headers: request.headers, startedAt: request.startedAt)
        return response
    }

    /// The counters of the route `request` matches (the unmatched ones when none does).
    private func stats(of request: HTTPRequest) -> RouteStats {
        if case .found(let route, _) = router.match(method: request.method, path: request.rawPath) { return route.stats }
        return metrics.unmatched
    }

    /// Authenticates, routes and answers `request`; `fromMemoryOnly`, it stops short of
    /// anything that needs the store and says so.
    private func respond(to request: HTTPRequest, fromMemoryOnly: Bool, on connection: borrowing HTTPConnection) -> Outcome {
        var routeStats = metrics.unmatched
        var response: HTTPResponse
        // Authentication comes before routing: without a valid credential, every path looks the same.
        let principal: Principal
        do {
            let known: Principal?
            if fromMemoryOnly {
                switch router.access.authenticateFromMemory(request) {
                case .known(let sender): known = sender
                case .refused: known = nil
                case .needsStore: return .needsStore
                }
            } else {
                known = try router.access.authenticate(request)
            }
            guard let known else {
                response = BearerAuthenticator.challenge.response
                finish(
                    &response, method: request.method, path: request.path, route: routeStats, headers: request.headers, startedAt: request.startedAt)
                return .answered(response)
            }
            principal = known
        } catch {
            response = logger.storageFailure(error, route: Self.unmatchedRoute)
            finish(&response, method: request.method, path: request.path, route: routeStats, headers: request.headers, startedAt: request.startedAt)
            return .answered(response)
        }
        guard RouteStats.isKnown(request.method) else {
            response = Problem.notImplemented(method: request.method).response
            finish(&response, method: request.method, path: request.path, route: routeStats, headers: request.headers, startedAt: request.startedAt)
            return .answered(response)
        }
        switch router.match(method: request.method, path: request.rawPath) {
        case .found(let route, let parameters):
            routeStats = route.stats
            guard
                let answered = respond(
                    to: request, parameters: parameters, principal: principal, with: route, fromMemoryOnly: fromMemoryOnly, on: connection)
            else { return .needsStore }
            response = answered
        case .notFound:
            response = Problem.notFound("Nothing is at \(request.path).").response
        case .methodNotAllowed(let allowed):
            response = Problem.methodNotAllowed(request.method, path: request.path, allowed: allowed).response
        }
        if let deferred = response.deferred {
            // Logged, counted and given its request id when it completes.
            let stats = routeStats
            deferred.map { [self] completed in
                var completed = completed
                finish(&completed, method: request.method, path: request.path, route: stats, headers: request.headers, startedAt: request.startedAt)
                return completed
            }
            return .answered(response)
        }
        finish(&response, method: request.method, path: request.path, route: routeStats, headers: request.headers, startedAt: request.startedAt)
        return .answered(response)
    }

    public func abandoned() -> HTTPResponse {
        Problem(
            .serviceUnavailable,
            detail: "The server stopped before this request finished, so whether it took effect is not known. Send it again with the same "
                + "Idempotency-Key, which answers it once either way."
        ).response
    }

    public func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        let problem: Problem
        switch error {
        case .bodyTooLarge(let limit):
            problem = Problem(.contentTooLarge, detail: "The request body is larger than the limit of \(limit) bytes.")
        case .headersTooLarge(let limit):
            problem = Problem(
                .requestHeaderFieldsTooLarge,
                detail: "The request line and headers are larger than the limit of \(limit) bytes.")
        case .badTarget(let targetError):
            problem = .badRequest(targetError.message)
        case .ambiguousFraming(let detail), .malformedHead(let detail):
            problem = .badRequest(detail + " The request is refused and the connection closed.")
        case .overLimit(let connections):
            problem = Problem(.tooManyConnections, detail: "The server has its limit of \(connections) connections open; try again in a moment.")
        case .shuttingDown:
            problem = Problem(
                .serviceUnavailable, detail: "The server is shutting down and takes no new requests; send it again on a new connection.")
        case .unsupportedTransferCoding(let coding):
            problem = Problem(
                .notImplemented,
                detail: "The transfer coding '\(coding)' is not supported; send the body with Content-Length or 'Transfer-Encoding: chunked'. "
                    + "The connection is closed.")
        }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        var response = problem.response
        finish(&response, method: method, path: path, route: metrics.unmatched, headers: RequestHeaders(), startedAt: startedAt)
        return response
    }

    /// Authorizes `principal` for `route`, spends one of its account's requests (`--rate-limit`),
    /// and runs the route's handler for the account its credential selected. An account's
    /// request on a connection not yet counted for anyone first counts it for the account, or is
    /// refused when the account holds its share (`refusedByShare`). `fromMemoryOnly`, nil when
    /// the route needs the store (`Route.store`): nothing is spent then, the request is answered,
    /// and counted, on a worker.
    private func respond(
        to http: HTTPRequest, parameters: [String: String], principal: Principal, with route: Route, fromMemoryOnly: Bool,
        on connection: borrowing HTTPConnection
    ) -> HTTPResponse? {
        let scope: AccountScope?
        do throws(Problem) {
            scope = try router.access.authorize(principal, route.access)
        } catch {
            return error.response
        }
        if scope != nil, let refusal = Self.refusedByShare(principal, on: connection) { return refusal }
        let request = APIRequest(http: http, parameters: parameters, route: route.pattern, scope: scope)
        var fromMemory: HTTPResponse?
        if fromMemoryOnly {
            switch route.store {
            case .never, .queuesWrite:
                break
            case .always:
                return nil
            case .whenNotCached(let cached):
                // Answered before the budget is spent: a side-effect-free read, else run on a worker.
                guard let answered = run(cached, request, route: route) else { return nil }
                fromMemory = answered
            }
        }
        guard let scope, let limiter else { return fromMemory ?? run(route.handler, request, route: route) }
        let decision = limiter.take(scope.key.rawValue)
        if let refusal = decision.problem { return refusal.response }
        guard var response = fromMemory ?? run(route.handler, request, route: route) else { return nil }
        // Every answer to an account's request says what is left of its budget.
        if let deferred = response.deferred {
            deferred.map { completed in
                var completed = completed
                decision.addHeaders(to: &completed.headers)
                return completed
            }
        } else {
            decision.addHeaders(to: &response.headers)
        }
        return response
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

    /// Runs `handler`: its answer, or the problem it threw (nothing thrown may cross into C:
    /// anything unexpected is a 500).
    private func run(_ handler: (APIRequest) throws -> HTTPResponse?, _ request: APIRequest, route: Route) -> HTTPResponse? {
        do {
            return try handler(request)
        } catch let problem as Problem {
            return problem.response
        } catch let error as StorageError {
            return logger.storageFailure(error, route: route.pattern)
        } catch {
            logger.log(.error, "unexpected error", ["route": .string(route.pattern), "error": .string(String(describing: error))])
            return Problem.internalError().response
        }
    }

    /// Gives the response its request id, counts it and logs it.
    private func finish(
        _ response: inout HTTPResponse, method: String, path: String, route: RouteStats, headers: RequestHeaders, startedAt: UInt64
    ) {
        let requestId = Self.clientRequestId(from: headers).map(RequestID.given) ?? .next()
        response.requestId = requestId
        let seconds = Double(MonotonicClock.nanoseconds() &- startedAt) / 1_000_000_000
        route.observe(method: method, status: response.status, seconds: seconds)
        logger.request(
            id: requestId, method: method, path: path, route: route.logRoute, status: response.status, milliseconds: seconds * 1000,
            bytes: response.body.count)
    }

    /// The client's `X-Request-Id` when it is short, visible ASCII.
    static func clientRequestId(from headers: RequestHeaders) -> String? {
        guard let given = headers["X-Request-Id"], (1...128).contains(given.utf8.count), given.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return nil
        }
        return given
    }
}
