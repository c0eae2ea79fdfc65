import Foundation
import QuickActions
import StorageCore
import Testing

@testable import QuickActionsAPI

/// `--trigger-retention`, the purge period, and the gauges that show what is stored.
@Suite struct RetentionTests {
    @Test func purgePeriodIsHalfTheShorterLifetimeAtMostAMinute() {
        #expect(RetentionPurger.Policy(answerTTLMilliseconds: 86_400_000, triggerRetentionMilliseconds: nil).periodMilliseconds == 60_000)
        #expect(RetentionPurger.Policy(answerTTLMilliseconds: 2_000, triggerRetentionMilliseconds: nil).periodMilliseconds == 1_000)
        #expect(RetentionPurger.Policy(answerTTLMilliseconds: 86_400_000, triggerRetentionMilliseconds: 10_000).periodMilliseconds == 5_000)
        #expect(RetentionPurger.Policy(answerTTLMilliseconds: 1_000, triggerRetentionMilliseconds: 90 * 86_400_000).periodMilliseconds == 500)
    }

    @Test func metricsShowStoredKeysAndTriggers() throws {
        let api = try APITestHarness(seed: true)
        let empty = try api.send("GET", "/metrics").text
        #expect(empty.contains("\nquickactiond_idempotency_keys 0\n"), "\(empty)")
        #expect(empty.contains("\nquickactiond_triggers_stored 0\n"))
        #expect(empty.contains("# TYPE quickactiond_idempotency_keys gauge"))
        for index in 0..<3 {
            let headers = index < 2 ? [("Idempotency-Key", "k\(index)")] : []
            #expect(try api.send("POST", "/trigger", json: #"{"type":"SearchAction"}"#, headers: headers).status == 200)
        }
        let after = try api.send("GET", "/metrics").text
        #expect(after.contains("\nquickactiond_idempotency_keys 2\n"), "\(after)")
        #expect(after.contains("\nquickactiond_triggers_stored 3\n"))
    }
}
