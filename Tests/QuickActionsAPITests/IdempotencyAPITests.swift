import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

@Suite struct IdempotencyAPITests {
    private let body = #"{"type":"SearchAction","launch":"cold","deviceId":"iphone-1"}"#

    @Test func aRetryGetsTheStoredAnswerAndIsNotRecordedAgain() throws {
        let api = try APITestHarness(seed: true)
        let first = try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "k-1")])
        let retry = try api.send(
            "POST", "/trigger", json: #"{ "deviceId":"iphone-1", "type":"SearchAction","launch":"cold" }"#, headers: [("Idempotency-Key", "k-1")])
        #expect(first.status == 200 && retry.status == 200)
        #expect(try retry.object()["id"] == first.object()["id"])
        #expect(retry.body == first.body)
        #expect(retry.headers["Idempotent-Replayed"] == "true")
        #expect(try api.triggers.stats().total == 1)
    }

    @Test func theSameKeyWithAnotherBodyIs422() throws {
        let api = try APITestHarness(seed: true)
        _ = try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "k-2")])
        try api.send("POST", "/trigger", json: #"{"type":"ShareAction"}"#, headers: [("Idempotency-Key", "k-2")]).expectProblem(422)
        #expect(try api.triggers.stats().total == 1)
    }

    @Test func anErrorAnswerIsNotStoredSoTheClientCanFixAndRetry() throws {
        let api = try APITestHarness(seed: true)
        try api.send("POST", "/trigger", json: #"{"type":"Nope"}"#, headers: [("Idempotency-Key", "k-3")]).expectProblem(422)
        #expect(try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "k-3")]).status == 200)
        #expect(try api.triggers.stats().total == 1)
    }

    @Test(arguments: ["", String(repeating: "k", count: 256), "with space", "tab\tkey"])
    func malformedKeysAre400(key: String) throws {
        let api = try APITestHarness(seed: true)
        try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", key)]).expectProblem(400)
    }

    @Test func twentyConcurrentRequestsWithOneKeyMakeOneRecordAndAllCarryItsId() throws {
        let api = try APITestHarness(seed: true)
        let statuses = Mutex<[Int]>([])
        let ids = Mutex<Set<JSONValue>>([])
        let firstAnswers = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 20) { _ in
            guard let response = try? api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "race")]) else { return }
            statuses.withLock { $0.append(response.status) }
            if response.status == 200, let id = try? response.object()["id"] { _ = ids.withLock { $0.insert(id) } }
            if response.headers["Idempotent-Replayed"] == nil { firstAnswers.withLock { $0 += 1 } }
        }
        let seen = statuses.withLock { $0 }
        #expect(seen.count == 20)
        #expect(seen.allSatisfy { $0 == 200 }, "\(seen)")
        #expect(ids.withLock { $0.count } == 1)
        #expect(firstAnswers.withLock { $0 } == 1, "only the recorded answer is not a replay")
        #expect(try api.triggers.stats().total == 1)
    }

    @Test func expiredAnswersAreForgotten() throws {
        let api = try APITestHarness(seed: true, idempotencyTTLSeconds: 1)
        let old = StoredAnswer(
            key: "old", requestDigest: "x", status: 200, body: Array("{}".utf8), createdAt: Timestamp.now().advanced(byMilliseconds: -5000))
        _ = try api.triggers.record(
            TriggerRecord(
                id: "t0", type: "SearchAction", userInfo: nil, launch: nil, deviceId: nil, receivedAt: old.createdAt, message: "m", contactId: nil),
            answer: old)
        let response = try api.send("POST", "/trigger", json: body, headers: [("Idempotency-Key", "old")])
        #expect(response.status == 200)
        #expect(response.headers["Idempotent-Replayed"] == nil)
    }

    @Test func historyIsNewestFirstAndFiltersAndStatsCount() throws {
        let api = try APITestHarness(seed: true)
        let ada = try #require(try api.repository.contacts(named: "Ada Lovelace").first)
        _ = try api.send("POST", "/trigger", json: #"{"type":"SearchAction"}"#)
        _ = try api.send("POST", "/trigger", json: "{\"type\":\"FavoriteAction\",\"userInfo\":{\"contactId\":\"\(ada.id)\"},\"deviceId\":\"d1\"}")
        _ = try api.send("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"Name":"Ada Lovelace"},"launch":"warm"}"#)
        guard case .array(let all)? = try api.send("GET", "/triggers").object()["triggers"] else { Issue.record("no triggers"); return }
        #expect(all.count == 3)
        let newest = try #require(all.first?.objectValue)
        #expect(newest["launch"] == "warm")
        #expect(newest["message"] == "FavoriteAction triggered for Ada Lovelace")
        for field in ["id", "type", "userInfo", "launch", "deviceId", "receivedAt", "message"] {
            #expect(newest[field] != nil, "missing \(field)")
        }
        guard case .array(let favorites)? = try api.send("GET", "/triggers?type=FavoriteAction&contactId=\(ada.id)").object()["triggers"] else {
            Issue.record("no triggers")
            return
        }
        #expect(favorites.count == 2)
        #expect(try api.send("GET", "/triggers?limit=1").object()["triggers"].map { if case .array(let a) = $0 { a.count } else { 0 } } == 1)
        let stats = try api.send("GET", "/triggers/stats").object()
        #expect(stats["total"] == 3)
        #expect(stats["byType"] == ["SearchAction": 1, "FavoriteAction": 2])
        #expect(stats["byContact"] == [["contactId": .string(ada.id), "name": "Ada Lovelace", "count": 2]])
        try api.send("GET", "/triggers?limit=0").expectProblem(400)
    }
}
