import Dispatch
import HTTPServer
import StorageCore
import Synchronization
import Testing

@testable import QuickActionsAPI

/// `EventHub.maxStreamsPerAccount`: counted and registered under one lock, per account.
@Suite struct EventHubStreamLimitTests {
    private static func current() -> (version: Int, data: [UInt8]) { (1, Array("{}".utf8)) }

    @Test("Many subscriptions of one account at once: exactly the limit get a stream, the others a 429 naming it")
    func concurrentSubscriptions() {
        let hub = EventHub(maxStreamsPerAccount: 8)
        let account = AccountKey(42)
        let opened = Mutex<[StreamingBody]>([])
        let refusals = Mutex<[Problem]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            do {
                let stream = try hub.subscribe(account: account, current: Self.current)
                opened.withLock { $0.append(stream) }
            } catch let problem as Problem {
                refusals.withLock { $0.append(problem) }
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(opened.withLock { $0.count } == 8)
        let problems = refusals.withLock { $0 }
        #expect(problems.count == 56)
        #expect(problems.allSatisfy { $0.status == 429 && $0.type == "https://quickactiond.dev/problems/too-many-streams" })
        #expect(problems.first?.extensions["limit"] == .integer(8))
        #expect(problems.first?.headers.values(for: "Retry-After") == ["\(hub.heartbeatSeconds)"])

        // Another account is not held to this one's streams; a stream that ends frees its place.
        #expect(throws: Never.self) { try hub.subscribe(account: AccountKey(43), current: Self.current) }
        #expect(throws: Problem.self) { try hub.subscribe(account: account, current: Self.current) }
        opened.withLock { $0[0].close() }
        #expect(throws: Never.self) { try hub.subscribe(account: account, current: Self.current) }
        hub.closeAll()
    }
}
