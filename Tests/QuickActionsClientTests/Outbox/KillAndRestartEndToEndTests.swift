import Foundation
import Glibc
import TestSupport
import Testing

/// The outbox survives `kill -9`: a trigger enqueued with the server down, the process killed,
/// then delivered by a later run once the server is up, exactly once.
@Suite(.serialized) struct KillAndRestartEndToEndTests {
    /// Entries in an outbox directory (not the lock, not a half-written temporary file).
    static func entries(_ outbox: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: outbox.path)) ?? []).filter { $0.hasSuffix(".trigger.json") && !$0.hasPrefix(".") }
    }

    @Test("kill -9 right after enqueue, server down; restarted once the server is up, it delivers exactly once")
    func killedAfterEnqueueDeliversOnce() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outbox = directory.appendingPathComponent("outbox")
        let downURL = try "http://127.0.0.1:\(LoopbackSocket.unusedPort())"

        // Cold launch, no network: it enqueues, then keeps retrying until killed.
        let child = try CompanionProcess.start(["trigger", "SearchAction", "--cold", "--outbox", outbox.path, "--url", downURL, "--attempts", "1000"])
        let deadline = Date().addingTimeInterval(10)
        while Self.entries(outbox).isEmpty && Date() < deadline { usleep(1_000) }
        child.signal(SIGKILL)
        #expect(child.wait() == .signalled(SIGKILL))
        #expect(Self.entries(outbox).count == 1, "the trigger must be on disk once enqueue has returned")

        // Restarted with the server still down: it stays queued, and says so.
        let again = try CompanionProcess.run(["flush", "--outbox", outbox.path, "--url", downURL, "--attempts", "1"])
        #expect(again.status == 69, "\(again.error)")
        #expect(again.error.contains("stays in the outbox"))
        #expect(Self.entries(outbox).count == 1)

        // The server comes up: the next run delivers it, and a further run has nothing to send.
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        // A new pick run: it delivers the earlier run's trigger first, then its own.
        let delivered = try CompanionProcess.run(["trigger", "ShareAction", "--outbox", outbox.path, "--url", server.url.absoluteString])
        #expect(delivered.status == 0, "\(delivered.error)")
        #expect(delivered.output.contains("delivered SearchAction\ndelivered ShareAction"), "\(delivered.output)")
        #expect(try CompanionProcess.run(["flush", "--outbox", outbox.path, "--url", server.url.absoluteString]).status == 0)
        let records = try await server.triggers()
        #expect(records.compactMap { $0["type"] as? String } == ["ShareAction", "SearchAction"], "newest first, each once")
        #expect(records.last?["launch"] as? String == "cold")
        #expect(Self.entries(outbox).isEmpty)
    }

    @Test("kill -9 while the request is in flight: whether or not the server got it, the next run leaves exactly one record")
    func killedInFlightDeliversOnce() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let outbox = directory.appendingPathComponent("outbox")
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        let proxy = try FaultInjectingProxy(upstreamPort: server.port) { _ in .delay(0.5) }
        defer { proxy.stop() }

        let child = try CompanionProcess.start(["trigger", "SearchAction", "--outbox", outbox.path, "--url", "http://127.0.0.1:\(proxy.port)"])
        let deadline = Date().addingTimeInterval(10)
        while proxy.accepted == 0 && Date() < deadline { usleep(1_000) }
        usleep(100_000)
        child.signal(SIGKILL)
        _ = child.wait()
        try await Task.sleep(nanoseconds: 800_000_000)

        let rerun = try CompanionProcess.run(["flush", "--outbox", outbox.path, "--url", server.url.absoluteString])
        #expect(rerun.status == 0, "\(rerun.error)")
        #expect(try await server.triggers().count == 1)
        #expect(Self.entries(outbox).isEmpty)
    }
}
