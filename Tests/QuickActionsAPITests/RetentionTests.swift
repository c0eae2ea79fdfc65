import Foundation
import QuickActions
import Storage
import Testing

@testable import QuickActionsAPI

/// `--trigger-retention`, the purge period, and the gauges that show what is stored.
@Suite struct RetentionTests {
    private func serve(_ arguments: [String]) throws -> ServiceConfiguration {
        guard case .serve(let configuration) = try CommandLineParser.parse(arguments) else {
            Issue.record("not serve")
            return ServiceConfiguration()
        }
        return configuration
    }

    @Test func triggerRetentionDefaultsTo90DaysAndZeroKeepsEverything() throws {
        #expect(try serve([]).triggerRetentionSeconds == 90 * 86_400)
        #expect(try serve(["--trigger-retention", "0"]).triggerRetentionSeconds == 0)
        #expect(try serve(["--trigger-retention=7d"]).triggerRetentionSeconds == 7 * 86_400)
        #expect(try serve(["--trigger-retention", "90m"]).triggerRetentionSeconds == 5400)
        for bad in ["-1", "x", "", "400d", "1w"] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandLineParser.parse(["--trigger-retention", bad]) }
        }
        // A zero TTL would replay nothing: still refused.
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--idempotency-ttl", "0"]) }
        #expect(CommandLineParser.usage.contains("--trigger-retention DURATION"))
    }

    /// The README's flags table and `--help` come from the same list: every option is in both.
    @Test func readmeFlagsTableListsEveryOption() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for option in CommandLineParser.options where option.name != "--help" && option.name != "--version" {
            let flag = option.value.map { "\(option.name) \($0.replacingOccurrences(of: "|", with: "\\|"))" } ?? option.name
            #expect(text.contains("| `\(flag)` |"), "README flags table lacks \(flag)")
        }
    }

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
