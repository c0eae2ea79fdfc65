import Foundation
import Glibc
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Synchronization
import Testing

@testable import QuickActionsAPI
@testable import StoragePostgreSQL

/// The request pipeline (`APIHandler`): each step runs once per request, in its documented
/// order (authentication, rate limit, route, handler, problem mapping, access log, metrics),
/// whether a request is answered from memory on the HTTP thread or handed to a store worker.
@Suite struct RequestPipelineTests {
    /// One request of a scenario: who sends what, and whether its handler should run.
    struct Step: Sendable {
        var method = "GET"
        let target: String
        var token: String?
        var json: String?
        /// Whether it is routed and authorized, and its handler runs (once).
        var handled = true
        /// Whether it waits on a store worker (when there are workers): its answer is deferred.
        var handedOff = false
    }

    @Test func noRequestRunsAStepTwiceWithWorkersOnTheInMemoryStore() throws {
        let workers = StoreWorkers(threads: 2)
        defer { workers.stop() }
        try Self.runsEachStepOnce(try APITestHarness(seed: true, accounts: Self.admin, workers: workers), workers: workers)
    }

    @Test func noRequestRunsAStepTwiceWithoutWorkers() throws {
        try Self.runsEachStepOnce(try APITestHarness(seed: true, accounts: Self.admin), workers: nil)
    }

    @Test(.enabled(if: PipelinePostgreSQL.conninfo != nil, "set QUICKACTIOND_TEST_POSTGRES (scripts/postgres.sh) to run on PostgreSQL"))
    func noRequestRunsAStepTwiceOnPostgreSQL() throws {
        try PipelinePostgreSQL.withStore { store in
            let workers = StoreWorkers(threads: 2)
            defer { workers.stop() }
            try Self.runsEachStepOnce(try APITestHarness(seed: true, accounts: Self.admin, workers: workers, store: store), workers: workers)
        }
    }

    @Test func theStepsRunInTheirDocumentedOrder() throws {
        let workers = StoreWorkers(threads: 2)
        defer { workers.stop() }
        let log = try CapturedLog()
        let api = try APITestHarness(accounts: Self.admin, workers: workers)
        let pipeline = RecordingPipeline(api, workers: workers, limiter: RateLimiter(limit: 4, clock: { 1_000_000_000 }), logger: log.logger)
        let alice = try pipeline.createAccount()

        // A path no route has is rate limited: the account's credential is checked, its budget spent, then nothing is found.
        let notFound = try pipeline.send(Step(target: "/nowhere", token: alice, handled: false))
        #expect(notFound.response.status == 404 && notFound.response.headers["RateLimit"]?.hasPrefix(#""default";r=3;"#) == true)
        #expect(notFound.steps == ["authenticate"])
        // A problem thrown by a handler, on the HTTP thread and on a worker, is mapped before it is logged and counted.
        let refused = try pipeline.send(Step(target: "/shortcuts?bogus=1", token: alice))
        #expect(refused.response.status == 400 && refused.steps == ["authenticate", "authorize", "handle"])
        let refusedOnWorker = try pipeline.send(Step(target: "/contacts?bogus=1", token: alice, handedOff: true))
        #expect(refusedOnWorker.response.status == 400 && refusedOnWorker.steps == ["authenticate", "authorize", "handle"])
        #expect(try pipeline.send(Step(target: "/shortcuts", token: alice)).response.status == 200)
        // The budget spent: the next request is authenticated, then refused before it is routed.
        let limited = try pipeline.send(Step(target: "/shortcuts", token: alice, handled: false))
        #expect(limited.response.status == 429 && limited.steps == ["authenticate"])
        let limitedNowhere = try pipeline.send(Step(target: "/nowhere", token: alice, handled: false))
        #expect(limitedNowhere.response.status == 429, "the rate limit comes before the route")
        // Authentication comes first: a credential that opens nothing is a 401, whatever the budgets.
        #expect(try pipeline.send(Step(target: "/shortcuts", token: "nonsense", handled: false)).response.status == 401)
        // Probes are never limited.
        #expect(try pipeline.send(Step(target: "/healthz", token: alice)).response.status == 200)

        let lines = try log.lines()
        for (step, route, status) in [
            (notFound, "unmatched", 404), (refused, "/shortcuts", 400), (refusedOnWorker, "/contacts", 400), (limited, "unmatched", 429),
        ] {
            let line = try #require(lines[step.id], "no access log line for \(step.id)")
            #expect(line["status"] == .integer(Int64(status)) && line["route"] == .string(route), "\(line)")
        }
        #expect(pipeline.counts(of: "/shortcuts").contains { $0.status == 400 && $0.count == 1 })
        #expect(pipeline.counts(of: "/contacts").contains { $0.status == 400 && $0.count == 1 })
        #expect(pipeline.unmatchedCounts.contains { $0.status == 429 && $0.count == 2 })
        #expect(pipeline.unmatchedCounts.contains { $0.status == 404 && $0.count == 1 })
    }

    static let admin = "admin-secret"

    /// Sends requests that take every path through the pipeline (memory, a worker after
    /// authentication, a worker for the handler, a store read handed over by a handler that
    /// began in memory, a queued write) and checks that each was authenticated once, and routed,
    /// authorized and handled at most once.
    static func runsEachStepOnce(_ api: APITestHarness, workers: StoreWorkers?) throws {
        let pipeline = RecordingPipeline(api, workers: workers)
        let alice = try pipeline.createAccount()
        let nobody = AccountToken.generate()
        let scenario = [
            Step(target: "/shortcuts", token: alice, handedOff: true),
            Step(target: "/shortcuts", token: alice),
            Step(target: "/shortcuts?explain=true", token: alice, handedOff: true),
            Step(target: "/contacts", token: alice, handedOff: true),
            Step(method: "POST", target: "/contacts", token: alice, json: #"{"name":"Ada","favorite":true}"#),
            // The cached list took the new favorite in place: answered from memory.
            Step(target: "/shortcuts", token: alice),
            Step(target: "/shortcuts/preview.svg", token: alice),
            Step(method: "POST", target: "/trigger", token: alice, json: #"{"type":"SearchAction"}"#, handedOff: true),
            Step(target: "/accounts", token: admin, handedOff: true),
            Step(target: "/healthz"),
            Step(target: "/nowhere", token: alice, handled: false),
            Step(target: "/shortcuts", token: nobody, handled: false, handedOff: true),
        ]
        for step in scenario {
            let sent = try pipeline.send(step)
            let label = "\(step.method) \(step.target): \(sent.response.status) \(sent.steps)"
            #expect(sent.steps.filter { $0 == "authenticate" }.count == 1, "\(label)")
            #expect(sent.steps.filter { $0 == "authorize" }.count == (step.handled ? 1 : 0), "\(label)")
            #expect(sent.steps.filter { $0 == "handle" }.count == (step.handled ? 1 : 0), "\(label)")
            #expect(sent.steps.last == (step.handled ? "handle" : "authenticate"), "\(label)")
            if workers != nil, step.handedOff { #expect(sent.deferred, "\(label): not handed to a worker") }
        }
    }
}

/// An access policy that records each step it takes, and each handler run, in order.
final class StepRecorder: AccessPolicy {
    private let wrapped: any AccessPolicy
    private let recorded = Mutex<[String]>([])

    init(_ wrapped: any AccessPolicy) {
        self.wrapped = wrapped
    }

    func record(_ step: String) {
        recorded.withLock { $0.append(step) }
    }

    /// How many steps were recorded so far.
    var count: Int { recorded.withLock { $0.count } }

    /// The steps recorded since the first `from`.
    func steps(since from: Int) -> [String] { recorded.withLock { Array($0[from...]) } }

    func authenticateFromMemory(_ request: HTTPRequest) -> MemoryAuthentication {
        let answer = wrapped.authenticateFromMemory(request)
        // Memory that cannot tell has authenticated no one: the store is asked next.
        if answer != .needsStore { record("authenticate") }
        return answer
    }

    func authenticate(_ request: HTTPRequest) throws(StorageError) -> Principal? {
        record("authenticate")
        return try wrapped.authenticate(request)
    }

    func authorize(_ principal: Principal, _ access: RouteAccess) throws(Problem) -> AccountScope? {
        record("authorize")
        return try wrapped.authorize(principal, access)
    }
}

/// The harness's routes behind a handler whose access policy and handlers record each step
/// they take (`StepRecorder`). Requests are sent one at a time, each answered before the next,
/// so the steps recorded while one is answered are its own.
struct RecordingPipeline {
    let recorder: StepRecorder
    let handler: APIHandler
    private let routes: [Route]
    private let metrics = Metrics(threadRows: ThreadRows(ownRows: 0))

    init(_ api: APITestHarness, workers: StoreWorkers?, limiter: RateLimiter? = nil, logger: RequestLogger = RequestLogger(level: .error)) {
        let recorder = StepRecorder(api.handler.router.access)
        self.recorder = recorder
        routes = api.handler.router.routes.map { route in
            Route(route.method, route.pattern, route.operationId, access: route.access, store: route.store) { request in
                recorder.record("handle")
                return try route.handler(request)
            }
        }
        handler = APIHandler(router: Router(routes: routes, access: recorder), logger: logger, limiter: limiter, metrics: metrics, workers: workers)
    }

    /// What one request recorded, and its answer.
    struct Sent {
        let id: String
        let response: TestResponse
        let deferred: Bool
        let steps: [String]
    }

    /// Sends `step` with an `X-Request-Id` of its own, and waits for its answer.
    func send(_ step: RequestPipelineTests.Step) throws -> Sent {
        let id = UUID().uuidString
        var fields = HTTPHeaders([(name: "X-Request-Id", value: id)])
        if let token = step.token { fields.add("Authorization", "Bearer \(token)") }
        if step.json != nil { fields.add("Content-Type", "application/json") }
        let request = try HTTPRequest(method: step.method, target: step.target, headers: fields, body: Array((step.json ?? "").utf8))
        let before = recorder.count
        let response = handler.handle(request)
        let answered = try #require(response.deferred.map { $0.wait(timeout: .seconds(10)) } ?? response, "\(step.target) unanswered")
        return Sent(id: id, response: TestResponse(answered), deferred: response.deferred != nil, steps: recorder.steps(since: before))
    }

    /// A new account's token (the admin creates it).
    func createAccount() throws -> String {
        let created = try send(
            RequestPipelineTests.Step(method: "POST", target: "/accounts", token: RequestPipelineTests.admin, json: #"{"name":"Alice"}"#))
        return try #require(try created.response.object()["token"]?.stringValue)
    }

    /// The GET counts of the route at `pattern`.
    func counts(of pattern: String) -> [(method: String, status: Int, count: UInt64)] {
        routes.first { $0.pattern == pattern && $0.method == "GET" }?.stats.requestCounts ?? []
    }

    /// The counts of requests no route answered.
    var unmatchedCounts: [(method: String, status: Int, count: UInt64)] { metrics.unmatched.requestCounts }
}

/// A logger writing to a file of its own, and the request lines it wrote, by request id.
struct CapturedLog {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString).log").path
    let descriptor: Int32
    let logger: RequestLogger

    init() throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        try #require(descriptor >= 0)
        logger = RequestLogger(level: .info, descriptor: descriptor)
    }

    /// The request lines written so far, by `requestId`; the file is removed.
    func lines() throws -> [String: [String: JSONValue]] {
        logger.flush()
        close(descriptor)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines: [String: [String: JSONValue]] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard let object = try JSONParser.parse(Array(line.utf8)).objectValue, let id = object["requestId"]?.stringValue else { continue }
            lines[id] = object
        }
        return lines
    }
}

/// A PostgreSQL database of its own on the server `QUICKACTIOND_TEST_POSTGRES` names, dropped after.
enum PipelinePostgreSQL {
    static let conninfo = ProcessInfo.processInfo.environment["QUICKACTIOND_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }

    static func withStore(_ body: (any DataStore) throws -> Void) throws {
        let conninfo = try #require(conninfo)
        let location = try #require(PostgreSQLLocation(conninfo))
        let name = "qa_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        // A name made here of letters and digits: CREATE DATABASE takes no parameters.
        try PostgreSQLConnection(location, database: "postgres").run("CREATE DATABASE \(name)")
        defer { try? PostgreSQLConnection(location, database: "postgres").run("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
        let store = try PostgreSQLDataStore.open(conninfo, poolSize: 2, database: name)
        defer { try? store.close() }
        try body(store)
    }
}
