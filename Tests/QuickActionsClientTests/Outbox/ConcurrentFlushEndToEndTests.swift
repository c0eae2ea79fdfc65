import Foundation
import QuickActionsClient
import TestSupport
import Testing

/// Two outboxes on one directory (an app and its extension, or two processes) never send one
/// entry twice: the outbox lock serialises their flushes.
@Suite struct ConcurrentFlushEndToEndTests {
    @Test func twoFlushersDeliverEachEntryOnce() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let proxy = try FaultInjectingProxy(upstreamPort: server.port, oneRequestPerConnection: true) { _ in .delay(0.02) }
        defer { proxy.stop() }
        let folder = directory.appendingPathComponent("outbox")
        let client = QuickActionsClient(baseURL: ServerProcess.url(port: proxy.port))
        let first = TriggerOutbox(directory: folder, client: client)
        let second = TriggerOutbox(directory: folder, client: client)
        for index in 0..<10 { try await first.enqueue(type: "SearchAction", deviceId: "d\(index)") }
        async let a = first.flush()
        async let b = second.flush()
        let outcomes = try await a + b
        let delivered = outcomes.filter { if case .delivered = $0 { true } else { false } }
        #expect(delivered.count == 10)
        #expect(Set(delivered.map(\.trigger.key)).count == 10)
        #expect(proxy.accepted == 10, "each entry sent once")
        #expect(try await server.triggers().count == 10)
    }
}
