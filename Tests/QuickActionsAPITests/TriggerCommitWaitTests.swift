import Dispatch
import Foundation
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Synchronization
import Testing

@testable import QuickActionsAPI
@testable import StorageSQLite

/// `POST /trigger` on a SQLite store holds no HTTP thread while its commit is pending: the
/// handler returns a deferred answer at once, completed after the commit, and the key's
/// exactly-once answer holds for requests that wait in the same queue.
@Suite struct TriggerCommitWaitTests {
    @Test func theHandlerReturnsBeforeTheCommitAndEachKeyIsAnsweredOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("TriggerCommitWaitTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let repository = try SQLiteContactRepository.open(path: directory.appendingPathComponent("t.sqlite").path)
        let api = try APIHandler.singleAccount(on: repository, logger: RequestLogger(level: .error))
        @Sendable func request(_ body: String, key: String) throws -> HTTPRequest {
            try HTTPRequest(
                method: "POST", target: "/trigger", headers: HTTPHeaders([("Content-Type", "application/json"), ("Idempotency-Key", key)]),
                body: Array(body.utf8))
        }
        let first = try request(#"{"type":"SearchAction","deviceId":"a"}"#, key: "k1")
        let other = try request(#"{"type":"SearchAction","deviceId":"b"}"#, key: "k1")

        let writer = HeldWriter(repository)
        // Released however the test ends, so no thread stays blocked behind it.
        defer { writer.finish() }
        try #require(writer.waitUntilHeld(), "the writer was never held")

        // Sent one after another, each on a thread of its own as the HTTP threads would: the
        // same body twice under one key, then another body under that key. The bound is the
        // point: a handler that waited for the commit would not return while the writer is held.
        let returned = DispatchGroup()
        var pending: [HTTPResponse] = []
        for http in [first, first, other] {
            let answer = Mutex<HTTPResponse?>(nil)
            DispatchQueue.global().async(group: returned) {
                let response = api.handle(http)
                answer.withLock { $0 = response }
            }
            try #require(returned.wait(timeout: .now() + 10) == .success, "POST /trigger waited for the commit on the handler's thread")
            let response = try #require(answer.withLock { $0 })
            let deferred = try #require(response.deferred, "answered before the commit: \(response.status)")
            #expect(deferred.wait(timeout: .zero) == nil, "answered while the writer was held")
            pending.append(response)
        }

        writer.release()
        let done = pending.map { TestResponse($0.deferred?.wait(timeout: .seconds(30)) ?? HTTPResponse(status: 504)) }
        #expect(done[0].status == 200 && done[1].status == 200, "\(done[0].text) \(done[1].text)")
        #expect(done[0].headers["Idempotent-Replayed"] == nil && done[1].headers["Idempotent-Replayed"] == "true")
        #expect(done[0].body == done[1].body, "a replay gets the winner's answer")
        try done[2].expectProblem(422)
        let listed = TestResponse(api.handle(try HTTPRequest(method: "GET", target: "/triggers")))
        guard case .array(let stored)? = try listed.object()["triggers"] else {
            Issue.record("no triggers: \(listed.text)")
            return
        }
        #expect(stored.count == 1, "one trigger for the key")
    }

    /// A write that holds the writer connection until released: every commit waits behind it.
    final class HeldWriter: Sendable {
        private let held = DispatchSemaphore(value: 0)
        private let released = DispatchSemaphore(value: 0)
        private let releasedOnce = Mutex(false)
        private let writer = DispatchGroup()

        init(_ repository: SQLiteContactRepository) {
            DispatchQueue.global().async(group: writer) { [held, released] in
                _ = try? repository.database.write { _ in
                    held.signal()
                    released.wait()
                }
            }
        }

        /// Whether the write began (and holds the connection) within 10 s.
        func waitUntilHeld() -> Bool {
            held.wait(timeout: .now() + 10) == .success
        }

        /// Lets the write end (once, however often called).
        func release() {
            let first = releasedOnce.withLock { done in
                defer { done = true }
                return !done
            }
            if first { released.signal() }
        }

        /// Releases the write and waits up to 30 s for it to end.
        func finish() {
            release()
            _ = writer.wait(timeout: .now() + 30)
        }
    }
}
