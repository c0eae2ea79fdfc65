import Foundation
import Glibc
import TestSupport
import Testing

/// `POST /trigger` with `Idempotency-Key`: a picked action is recorded exactly once, however
/// often the device retries, whatever runs concurrently, and across restarts and crashes.
@Suite struct IdempotencyEndToEndTests {
    static let json = ("Content-Type", "application/json")

    /// `POST /trigger` with `key` and `body` on a connection of its own.
    static func post(_ server: ServerProcess, key: String, _ body: String) throws -> RawHTTPResponse {
        try server.request("POST", "/trigger", headers: [json, ("Idempotency-Key", key)], body: Array(body.utf8))
    }

    /// The records `GET /triggers` lists (up to 1000).
    static func triggerIds(_ server: ServerProcess, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let response = try server.request("GET", "/triggers?limit=1000")
        try #require(response.status == 200, "GET /triggers: \(response.status) \(response.text)", sourceLocation: sourceLocation)
        return try response.decode(TriggerListBody.self).triggers.map(\.id)
    }

    /// A FavoriteAction body for the seed's first favorite, as a device would send it.
    static func favoriteBody(_ server: ServerProcess, launch: String = "cold") throws -> String {
        let item = try #require(try server.shortcuts().list.items.first { $0.type == "FavoriteAction" })
        let contactId = try #require(item.userInfo?["contactId"])
        return
            #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contactId)","Name":"\#(item.localizedTitle)"},"launch":"\#(launch)","deviceId":"iphone-e2e"}"#
    }

    @Test("A retry with the same key and body gets the stored answer (same status and id, Idempotent-Replayed) and one record")
    func retryReplays() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let key = "pick-\(UUID().uuidString)"
        let body = try Self.favoriteBody(server)

        let first = try Self.post(server, key: key, body)
        try #require(first.status == 200, "\(first.status) \(first.text)")
        #expect(first.header("Idempotent-Replayed") == nil, "the first answer is not a replay")
        let original = try first.decode(TriggerResultBody.self)

        for attempt in 1...3 {
            let retry = try Self.post(server, key: key, body)
            #expect(retry.status == first.status, "retry \(attempt): \(retry.status) \(retry.text)")
            #expect(retry.header("Idempotent-Replayed") == "true", "retry \(attempt)")
            #expect(try retry.decode(TriggerResultBody.self).id == original.id, "retry \(attempt)")
            #expect(retry.body == first.body, "retry \(attempt): the stored answer differs from the first")
        }
        #expect(try Self.triggerIds(server) == [original.id], "a retried pick must be recorded once")

        // The same key with another body is a client bug, not a retry.
        let other = try Self.post(server, key: key, try Self.favoriteBody(server, launch: "warm"))
        let problem = try Expect.problem(other, 422)
        #expect(problem.detail.contains("Idempotency-Key"), "\(problem.detail)")
        #expect(try Self.triggerIds(server) == [original.id])

        // A new key is a new pick.
        let second = try Self.post(server, key: "pick-\(UUID().uuidString)", body)
        #expect(second.status == 200)
        #expect(try Self.triggerIds(server).count == 2)
    }

    @Test("An error answer is not stored: the fixed request with the same key is processed (200)")
    func errorsAreNotStored() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let key = "pick-\(UUID().uuidString)"

        try Expect.problem(try Self.post(server, key: key, #"{"type":"NoSuchAction","launch":"cold"}"#), 422)
        // Retrying the same bad request is processed again (still 422), not replayed.
        let again = try Self.post(server, key: key, #"{"type":"NoSuchAction","launch":"cold"}"#)
        try Expect.problem(again, 422)
        #expect(again.header("Idempotent-Replayed") == nil)
        #expect(try Self.triggerIds(server).isEmpty)

        let fixed = try Self.post(server, key: key, #"{"type":"SearchAction","launch":"cold"}"#)
        #expect(fixed.status == 200, "\(fixed.status) \(fixed.text)")
        #expect(fixed.header("Idempotent-Replayed") == nil)
        let id = try fixed.decode(TriggerResultBody.self).id

        let retry = try Self.post(server, key: key, #"{"type":"SearchAction","launch":"cold"}"#)
        #expect(retry.status == 200)
        #expect(retry.header("Idempotent-Replayed") == "true")
        #expect(try retry.decode(TriggerResultBody.self).id == id)
        #expect(try Self.triggerIds(server) == [id])
    }

    @Test("20 concurrent requests with one key (20 sockets, 20 threads): one record; every answer is 200 with its id, all but one replayed")
    func concurrentDuplicates() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let key = "pick-\(UUID().uuidString)"
        let body = Array(try Self.favoriteBody(server).utf8)
        let request = RawHTTPConnection.requestBytes("POST", "/trigger", headers: [Self.json, ("Idempotency-Key", key)], body: body)
        let port = server.port
        let start = StartLine(parties: 20)

        let (results, errors) = ThreadGroup.run(count: 20, timeout: 20) { _ in
            let client = try RawHTTPConnection(port: port)
            defer { client.close() }
            // Everything but the last byte goes first, so the 20 requests complete at one moment.
            try client.sendRaw(Array(request.dropLast()))
            start.arriveAndWait(timeout: 10)
            try client.sendRaw([request[request.count - 1]])
            let response = try client.readResponse(method: "POST")
            let id = response.status == 200 ? try response.decode(TriggerResultBody.self).id : nil
            return ConcurrentAnswer(status: response.status, id: id, replayed: response.header("Idempotent-Replayed") == "true", text: response.text)
        }
        #expect(errors.isEmpty, "\(errors)")
        let answers = results.compactMap { $0 }
        #expect(answers.count == 20)
        for answer in answers {
            #expect(answer.status == 200, "\(answer.status) \(answer.text)")
        }
        let ids = Set(answers.compactMap(\.id))
        #expect(ids.count == 1, "the answers carry \(ids.count) different ids: \(ids)")
        #expect(answers.filter { !$0.replayed }.count == 1, "only the recorded answer is not a replay")

        let recorded = try Self.triggerIds(server)
        #expect(recorded.count == 1, "\(recorded.count) records for one key")
        #expect(Set(recorded) == ids)

        // Once the dust settles, a retry gets the stored answer.
        let retry = try server.request("POST", "/trigger", headers: [Self.json, ("Idempotency-Key", key)], body: body)
        #expect(retry.status == 200)
        #expect(retry.header("Idempotent-Replayed") == "true")
        #expect(Set([try retry.decode(TriggerResultBody.self).id]) == ids)
    }

    @Test("Keys and answers survive SIGTERM + restart and kill -9 + restart on the same database")
    func survivesRestarts() throws {
        let directory = try TemporaryDirectory()
        let keyA = "pick-a-\(UUID().uuidString)"
        let keyB = "pick-b-\(UUID().uuidString)"
        let searchBody = #"{"type":"SearchAction","launch":"warm","deviceId":"iphone-e2e"}"#

        let first = try ServerProcess(directory: directory)
        defer { first.stop() }
        let favoriteBody = try Self.favoriteBody(first)
        let answerA = try Self.post(first, key: keyA, favoriteBody)
        try #require(answerA.status == 200, "\(answerA.status) \(answerA.text)")
        let idA = try answerA.decode(TriggerResultBody.self).id
        #expect(first.stop() == .exited(0))

        let second = try ServerProcess(directory: directory)
        defer { second.stop() }
        let replayA = try Self.post(second, key: keyA, favoriteBody)
        #expect(replayA.status == 200, "after SIGTERM: \(replayA.status) \(replayA.text)")
        #expect(replayA.header("Idempotent-Replayed") == "true", "after SIGTERM the retry was processed again")
        #expect(try replayA.decode(TriggerResultBody.self).id == idA)
        #expect(replayA.body == answerA.body)
        #expect(try Self.triggerIds(second) == [idA])
        try Expect.problem(try Self.post(second, key: keyA, searchBody), 422)

        let answerB = try Self.post(second, key: keyB, searchBody)
        try #require(answerB.status == 200, "\(answerB.status) \(answerB.text)")
        let idB = try answerB.decode(TriggerResultBody.self).id
        #expect(second.kill() == .signalled(SIGKILL))

        let third = try ServerProcess(directory: directory)
        defer { third.stop() }
        let replayB = try Self.post(third, key: keyB, searchBody)
        #expect(replayB.status == 200, "after kill -9: \(replayB.status) \(replayB.text)")
        #expect(replayB.header("Idempotent-Replayed") == "true", "after kill -9 the retry was processed again")
        #expect(try replayB.decode(TriggerResultBody.self).id == idB)
        #expect(replayB.body == answerB.body)
        let replayAgainA = try Self.post(third, key: keyA, favoriteBody)
        #expect(replayAgainA.header("Idempotent-Replayed") == "true")
        #expect(try replayAgainA.decode(TriggerResultBody.self).id == idA)
        #expect(try Self.triggerIds(third) == [idB, idA], "one record per key, newest first")
        #expect(third.stop() == .exited(0))
    }
}

/// One answer in the concurrent-duplicates test.
struct ConcurrentAnswer: Sendable {
    let status: Int
    let id: String?
    let replayed: Bool
    let text: String
}
