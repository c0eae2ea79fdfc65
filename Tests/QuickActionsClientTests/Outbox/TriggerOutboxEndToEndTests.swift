import Foundation
import Glibc
import QuickActions
import QuickActionsClient
import Synchronization
import TestSupport
import Testing

/// The outbox against the real server, through a proxy that fails connections.
@Suite(.serialized) struct TriggerOutboxEndToEndTests {
    @Test("200 triggers, a random third of the connections failing, give exactly 200 records and no duplicate")
    func exactlyOnceThroughFailingConnections() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let failures: [FaultInjectingProxy.Fault] = [.dropAfterRequest, .reset, .refuse]
        let proxy = try FaultInjectingProxy(upstreamPort: server.port, oneRequestPerConnection: true) { _ in
            Int.random(in: 0..<3) == 0 ? failures[Int.random(in: 0..<failures.count)] : (Int.random(in: 0..<10) == 0 ? .delay(0.05) : .none)
        }
        defer { proxy.stop() }
        let outbox = TriggerOutbox(
            directory: directory.appendingPathComponent("outbox"), client: QuickActionsClient(baseURL: ServerProcess.url(port: proxy.port)))
        await outbox.setPolicy(RetryPolicy(initialDelay: 0.01, maximumDelay: 0.1, attemptsPerFlush: 40))

        var delivered = 0
        var replayed = 0
        var attempts = 0
        for index in 0..<200 {
            try await outbox.enqueue(type: "SearchAction", launch: index % 2 == 0 ? .cold : .warm, deviceId: "device-\(index)")
            for outcome in try await outbox.flush() {
                guard case .delivered(let trigger, let wasReplayed) = outcome else {
                    Issue.record("not delivered: \(outcome)")
                    continue
                }
                delivered += 1
                attempts += trigger.attempts
                if wasReplayed { replayed += 1 }
            }
        }
        #expect(delivered == 200)
        #expect(await outbox.pending().isEmpty)
        let devices = try await server.triggers().compactMap { $0["deviceId"] as? String }
        #expect(devices.count == 200, "records: \(devices.count)")
        #expect(Set(devices) == Set((0..<200).map { "device-\($0)" }))
        // The faults did happen: more attempts than triggers, and some answers were lost after
        // the server had recorded (those came back as replays, recorded once).
        #expect(attempts > 200, "attempts \(attempts)")
        #expect(proxy.accepted > 250, "connections \(proxy.accepted)")
        #expect(replayed > 0, "some answers were lost after the server recorded the trigger")
        print("200 triggers: \(attempts) attempts over \(proxy.accepted) connections, \(replayed) answered by replay")
    }

    @Test("A trigger whose item is stale (410) reaches onStale and leaves the outbox")
    func staleReachesOnStale() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let outbox = TriggerOutbox(directory: directory.appendingPathComponent("outbox"), client: QuickActionsClient(baseURL: server.url))
        let stale = Mutex<[String]>([])
        await outbox.onStale { trigger in stale.withLock { $0.append(trigger.key) } }
        let queued = try await outbox.enqueue(type: "FavoriteAction", userInfo: ["contactId": .string("gone0000000000000000")], launch: .cold)
        let outcomes = try await outbox.flush()
        guard case .stale(let trigger, let detail, _)? = outcomes.first else {
            Issue.record("expected .stale, got \(outcomes)")
            return
        }
        #expect(trigger.key == queued.key)
        #expect(detail.contains("stale"))
        #expect(stale.withLock { $0 } == [queued.key])
        #expect(await outbox.pending().isEmpty)
        #expect(try await server.triggers().isEmpty)
    }

    @Test("Other 4xx are removed and reported; an entry older than the idempotency window is given up, never sent")
    func rejectedAndExpired() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let outbox = TriggerOutbox(directory: directory.appendingPathComponent("outbox"), client: QuickActionsClient(baseURL: server.url))
        try await outbox.enqueue(type: "NoSuchAction")
        let outcomes = try await outbox.flush()
        guard case .rejected(_, let status, let detail)? = outcomes.first else {
            Issue.record("expected .rejected, got \(outcomes)")
            return
        }
        #expect(status == 422)
        #expect(detail.contains("NoSuchAction"))

        try await outbox.enqueue(type: "SearchAction")
        try await Task.sleep(nanoseconds: 50_000_000)
        await outbox.setPolicy(RetryPolicy(idempotencyWindow: 0.01))
        let expired = try await outbox.flush()
        guard case .expired? = expired.first else {
            Issue.record("expected .expired, got \(expired)")
            return
        }
        #expect(await outbox.pending().isEmpty)
        #expect(try await server.triggers().isEmpty, "an expired entry is never sent")
    }

    @Test("409 waits Retry-After and 5xx backs off, each retry under the same Idempotency-Key")
    func conflictWaitsAndServerErrorsRetry() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let proxy = try FaultInjectingProxy(upstreamPort: server.port, oneRequestPerConnection: true) { number in
            switch number {
            case 1: .answer(status: 409, retryAfter: 1)
            case 2: .answer(status: 503, retryAfter: nil)
            default: .none
            }
        }
        defer { proxy.stop() }
        let outbox = TriggerOutbox(
            directory: directory.appendingPathComponent("outbox"), client: QuickActionsClient(baseURL: ServerProcess.url(port: proxy.port)))
        await outbox.setPolicy(RetryPolicy(initialDelay: 0.05, maximumDelay: 0.1))
        let queued = try await outbox.enqueue(type: "SearchAction")
        let started = Date()
        let outcomes = try await outbox.flush()
        guard case .delivered(let trigger, replayed: false)? = outcomes.first else {
            Issue.record("expected a delivery, got \(outcomes)")
            return
        }
        #expect(Date().timeIntervalSince(started) >= 1, "the 409's Retry-After: 1 was not waited for")
        #expect(trigger.attempts == 3)
        let keys = proxy.requestHeads.map { head in
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("idempotency-key:") }.map {
                $0.dropFirst(16).trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(keys == [queued.key, queued.key, queued.key])
        #expect(try await server.triggers().count == 1)
    }

    @Test("429 waits Retry-After; a 409 without Retry-After (two contacts share the name) is rejected, not retried")
    func rateLimitRetriesAndAnAmbiguousNameIsFinal() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let proxy = try FaultInjectingProxy(upstreamPort: server.port, oneRequestPerConnection: true) { number in
            number == 1 ? .answer(status: 429, retryAfter: 1) : .none
        }
        defer { proxy.stop() }
        let outbox = TriggerOutbox(
            directory: directory.appendingPathComponent("outbox"), client: QuickActionsClient(baseURL: ServerProcess.url(port: proxy.port)))
        await outbox.setPolicy(RetryPolicy(initialDelay: 0.05, maximumDelay: 0.1))
        _ = try await outbox.enqueue(type: "SearchAction")
        let started = Date()
        guard case .delivered(let trigger, replayed: false)? = try await outbox.flush().first else {
            Issue.record("the 429 was not retried")
            return
        }
        #expect(Date().timeIntervalSince(started) >= 1, "the 429's Retry-After: 1 was not waited for")
        #expect(trigger.attempts == 2)

        // The real server: two contacts named alike make a FavoriteAction by Name ambiguous (409).
        let client = QuickActionsClient(baseURL: ServerProcess.url(port: server.port))
        for _ in 0..<2 {
            #expect(try await server.fetch("POST", "contacts", json: #"{"name":"Twin"}"#).status == 201)
        }
        let direct = TriggerOutbox(directory: directory.appendingPathComponent("direct"), client: client)
        _ = try await direct.enqueue(type: "FavoriteAction", userInfo: ["Name": .string("Twin")])
        let outcomes = try await direct.flush()
        guard case .rejected(_, status: 409, detail: _)? = outcomes.first else {
            Issue.record("expected the 409 to be final, got \(outcomes)")
            return
        }
        #expect(await direct.pending().isEmpty)
    }
}
