import Dispatch
import HTTPServer
import Synchronization
import Testing

@testable import QuickActionsAPI

/// Where requests run when the store's reads may wait: what memory answers on the calling
/// (HTTP) thread, the rest on the store's workers, and a prompt 503 when too many wait for them.
@Suite struct StoreWorkersTests {
    /// Workers whose only thread waits on `gate` until the test lets it go.
    private static func blocked(queueLimit: Int) -> (workers: StoreWorkers, gate: DispatchSemaphore) {
        let workers = StoreWorkers(threads: 1, queueLimit: queueLimit)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        #expect(
            workers.submit {
                started.signal()
                gate.wait()
            })
        started.wait()
        return (workers, gate)
    }

    @Test func jobsPastTheQueueLimitAreRefusedAndTheOthersRun() {
        let (workers, gate) = Self.blocked(queueLimit: 2)
        defer { workers.stop() }
        let ran = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            #expect(
                workers.submit {
                    ran.add(1, ordering: .relaxed)
                    done.signal()
                })
        }
        #expect(workers.waiting == 2)
        #expect(!workers.submit {}, "a third job queued past the limit of two")
        gate.signal()
        for _ in 0..<2 { #expect(done.wait(timeout: .now() + 5) == .success) }
        #expect(ran.load(ordering: .relaxed) == 2)
        #expect(workers.submit {}, "room again once the queue drained")
    }

    @Test func whatMemoryAnswersIsAnsweredOnTheHTTPThreadAndTheRestByTheWorkers() throws {
        let (workers, gate) = Self.blocked(queueLimit: 16)
        defer { workers.stop() }
        let api = try APITestHarness(seed: true, workers: workers)
        // The only worker is busy: whatever is answered now was answered without it.
        for target in ["/healthz", "/metrics", "/shortcuts", "/openapi.yaml", "/preview/app.js"] {
            let response = try api.handle("GET", target)
            #expect(response.deferred == nil && response.status == 200, "\(target): \(response.status)")
        }
        // A picture not drawn yet is drawn on the preview's own queue, not by a store worker: it
        // is answered while the only worker is still busy.
        let picture = try api.handle("GET", "/shortcuts/preview.svg")
        let drawn = try #require(picture.deferred.map { $0.wait(timeout: .seconds(5)) } ?? picture)
        #expect(drawn.status == 200)
        let refused = try api.handle("GET", "/shortcuts?bogus=1")
        #expect(refused.deferred == nil && refused.status == 400)
        let pending = try api.handle("GET", "/contacts")
        let deferred = try #require(pending.deferred, "GET /contacts reads the store: it should wait for a worker")
        // Readiness reads what is known of the store's connections: never a worker's job.
        let readiness = try api.handle("GET", "/readyz")
        #expect(readiness.deferred == nil && readiness.status == 200)
        // A create only queues its write with the store's writer: it is answered without a worker.
        let created = try api.handle("POST", "/contacts", json: #"{"name":"Queued","favorite":true}"#)
        let createdAnswer = try #require(created.deferred.map { $0.wait(timeout: .seconds(5)) } ?? created)
        #expect(createdAnswer.status == 201, "POST /contacts waited for the busy worker")
        gate.signal()
        let answered = try #require(deferred.wait(timeout: .seconds(5)))
        #expect(answered.status == 200 && answered.requestId != nil)
        #expect(try api.send("GET", "/contacts?q=Queued").text.contains("Queued"))
    }

    @Test func anAccountsCachedTokenAndListAreAnsweredFromMemoryAndAMissByTheWorkers() throws {
        let workers = StoreWorkers(threads: 2)
        defer { workers.stop() }
        let api = try APITestHarness(accounts: "admin-secret", workers: workers)
        let created = try api.send("POST", "/accounts", json: #"{"name":"Alice"}"#, headers: [("Authorization", "Bearer admin-secret")])
        let token = try #require(try created.object()["token"]?.stringValue)
        let alice = [("Authorization", "Bearer \(token)")]
        #expect(try api.handle("GET", "/shortcuts", headers: alice).deferred != nil, "neither token nor list is in memory yet")
        #expect(try api.send("GET", "/shortcuts", headers: alice).status == 200)
        let cached = try api.handle("GET", "/shortcuts", headers: alice)
        #expect(cached.deferred == nil && cached.status == 200)
        // A well-formed token nobody holds needs the store to be refused; garbage does not.
        let nobodys = [("Authorization", "Bearer \(AccountToken.generate())")]
        #expect(try api.handle("GET", "/shortcuts", headers: nobodys).deferred != nil)
        #expect(try api.send("GET", "/shortcuts", headers: nobodys).status == 401)
        let garbage = try api.handle("GET", "/shortcuts", headers: [("Authorization", "Bearer nonsense")])
        #expect(garbage.deferred == nil && garbage.status == 401)
        // An open path never needs a token looked up.
        #expect(try api.handle("GET", "/healthz", headers: [("Authorization", "Bearer \(AccountToken.generate())")]).deferred == nil)
    }

    @Test func aRequestRunByAWorkerSpendsOneRequestOfItsBudget() throws {
        let workers = StoreWorkers(threads: 2)
        defer { workers.stop() }
        let api = try APITestHarness(accounts: "admin-secret", rateLimit: RateLimiter(limit: 3, clock: { 1_000_000_000 }), workers: workers)
        let created = try api.send("POST", "/accounts", json: #"{"name":"Alice"}"#, headers: [("Authorization", "Bearer admin-secret")])
        let alice = [("Authorization", "Bearer \(try #require(try created.object()["token"]?.stringValue))")]
        // Looked at in memory first, then read on a worker: one request of the budget, not two.
        #expect(try api.send("GET", "/shortcuts", headers: alice).status == 200)
        #expect(try api.send("GET", "/contacts", headers: alice).status == 200)
        #expect(try api.send("GET", "/shortcuts", headers: alice).status == 200)
        #expect(try api.send("GET", "/shortcuts", headers: alice).status == 429)
    }

    @Test func pastTheQueueLimitARequestIsAPrompt503StorageBusy() throws {
        let (workers, gate) = Self.blocked(queueLimit: 2)
        defer {
            gate.signal()
            workers.stop()
        }
        let api = try APITestHarness(workers: workers)
        #expect(workers.waiting == 1, "the first read of /metrics' stored counts is queued at start")
        #expect(try api.handle("GET", "/contacts").deferred != nil)
        let refused = try api.send("GET", "/contacts")
        try refused.expectProblem(503)
        #expect(try refused.object()["type"] == "https://quickactiond.dev/problems/storage-busy")
        #expect(refused.headers["Retry-After"] == "1")
        #expect(refused.headers["X-Request-Id"] != nil)
        #expect(try api.handle("GET", "/healthz").status == 200)
    }
}
