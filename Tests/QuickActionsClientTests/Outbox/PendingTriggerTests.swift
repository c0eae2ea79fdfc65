import QuickActions
import Testing

@testable import QuickActionsClient

@Suite struct PendingTriggerTests {
    @Test func anEntryReadsBackAsWritten() throws {
        let trigger = PendingTrigger(
            key: "k1", type: "FavoriteAction", userInfo: ["contactId": .string("c"), "n": .integer(2)], launch: .cold, deviceId: "d",
            enqueuedAt: 1_700_000_000_000, attempts: 3)
        #expect(PendingTrigger(fileJSON: trigger.fileJSON) == trigger)
        #expect(PendingTrigger(fileJSON: Array("not json".utf8)) == nil)
    }

    @Test func theRequestBodyIsTheSameBytesEveryTime() {
        let trigger = PendingTrigger(key: "k", type: "SearchAction", userInfo: nil, launch: .warm, deviceId: nil, enqueuedAt: 1)
        #expect(String(decoding: trigger.requestBody, as: UTF8.self) == #"{"launch":"warm","type":"SearchAction"}"#)
        var retried = trigger
        retried.attempts = 9
        #expect(retried.requestBody == trigger.requestBody)
    }

    @Test func fileNamesSortOldestFirst() {
        let names = [OutboxDirectory.name(enqueuedAt: 1_000, key: "b"), OutboxDirectory.name(enqueuedAt: 999, key: "a")]
        #expect(names.sorted() == names.reversed())
    }
}
