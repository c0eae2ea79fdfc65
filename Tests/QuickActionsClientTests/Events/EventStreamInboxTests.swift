import Foundation
import Testing

@testable import QuickActionsClient

@Suite struct EventStreamInboxTests {
    @Test("Bytes come out in order, then how the connection ended")
    func deliversInOrderThenTheEnd() async {
        let inbox = EventStreamInbox(maxEventBytes: 100, maxBufferedBytes: 1000)
        #expect(inbox.receive(Data("data: a\n\n".utf8)))
        #expect(inbox.receive(Data("data: b\n\n".utf8)))
        inbox.finish(.closed)
        var received = Data()
        while case .bytes(let bytes) = await inbox.next() { received += bytes }
        #expect(String(decoding: received, as: UTF8.self) == "data: a\n\ndata: b\n\n")
        guard case .ended(.closed) = await inbox.next() else {
            Issue.record("not ended")
            return
        }
    }

    @Test("Past maxBufferedBytes waiting, what waited is dropped and the inbox ends with .eventBufferFull")
    func overflowEndsIt() async {
        let inbox = EventStreamInbox(maxEventBytes: 100, maxBufferedBytes: 1000)
        let event = Data("data: 0123456789\n\n".utf8)
        var accepted = 0
        while inbox.receive(event) { accepted += 1 }
        #expect(accepted == 1000 / event.count)
        guard case .ended(.failed(.eventBufferFull(limit: 1000))) = await inbox.next() else {
            Issue.record("not ended with .eventBufferFull")
            return
        }
        // What the reader takes makes room: a reader that keeps up never hits the limit.
        let keptUp = EventStreamInbox(maxEventBytes: 100, maxBufferedBytes: 1000)
        for _ in 0..<1000 {
            #expect(keptUp.receive(event))
            _ = await keptUp.next()
        }
    }

    @Test("A line longer than maxEventBytes ends the inbox with .eventTooLarge as it arrives")
    func longLineEndsIt() async {
        let inbox = EventStreamInbox(maxEventBytes: 100, maxBufferedBytes: 100_000)
        #expect(inbox.receive(Data("data: ok\n\ndata: ".utf8)))
        var pieces = 0
        while inbox.receive(Data(repeating: UInt8(ascii: "x"), count: 30)) { pieces += 1 }
        #expect(pieces == 3)
        guard case .ended(.failed(.eventTooLarge(limit: 100))) = await inbox.next() else {
            Issue.record("not ended with .eventTooLarge")
            return
        }
    }

    @Test("cancel wakes a waiting reader")
    func cancelWakesTheReader() async {
        let inbox = EventStreamInbox(maxEventBytes: 100, maxBufferedBytes: 1000)
        let reader = Task { await inbox.next() }
        try? await Task.sleep(nanoseconds: 50_000_000)
        inbox.cancel()
        guard case .cancelled = await reader.value else {
            Issue.record("not cancelled")
            return
        }
    }
}
