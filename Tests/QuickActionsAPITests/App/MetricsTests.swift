import Testing

@testable import QuickActionsAPI

@Suite struct MetricsTests {
    @Test func countsByRoutePatternNeverRawPath() throws {
        let api = try APITestHarness(seed: true)
        let id = try #require(try api.repository.contacts(named: "Ada Lovelace").first?.id)
        _ = try api.send("GET", "/contacts/\(id)")
        _ = try api.send("GET", "/contacts/other-id")
        _ = try api.send("GET", "/secret/path/123")
        let text = try api.send("GET", "/metrics").text
        #expect(text.contains("http_requests_total{route=\"/contacts/{id}\",method=\"GET\",status=\"200\"} 1"))
        #expect(text.contains("http_requests_total{route=\"/contacts/{id}\",method=\"GET\",status=\"404\"} 1"))
        #expect(text.contains("http_requests_total{route=\"unmatched\",method=\"GET\",status=\"404\"} 1"))
        #expect(!text.contains(id))
        #expect(!text.contains("/secret"))
        #expect(text.contains("http_request_duration_seconds_bucket{route=\"/contacts/{id}\",le=\"+Inf\"} 2"))
        #expect(text.contains("\ncontacts 4\n"))
        #expect(text.contains("\nfavorites 2\n"))
        #expect(text.contains("\nshortcut_items 4\n"))
    }

    @Test func everyMethodAndStatusCountsUnderItsOwnLabel() {
        let stats = RouteStats(route: "/r")
        for method in RouteStats.methods {
            for status in RouteStats.statuses { stats.observe(method: method, status: status, seconds: 0.003) }
        }
        stats.observe(method: "BREW", status: 418, seconds: 3)
        stats.observe(method: String(repeating: "M", count: 8_000), status: 418, seconds: 3)
        let counts = stats.requestCounts
        #expect(counts.count == RouteStats.methods.count * RouteStats.statuses.count + 1)
        for method in RouteStats.methods {
            for status in RouteStats.statuses {
                #expect(counts.contains { $0.method == method && $0.status == status && $0.count == 1 }, "\(method) \(status)")
            }
        }
        // Invented methods share one label.
        #expect(counts.contains { $0.method == "other" && $0.status == 418 && $0.count == 2 })
        let histogram = stats.histogram
        #expect(histogram.count == UInt64(counts.count + 1))
        // 0.003 s falls in the 0.005 bucket; 3 s in none (only +Inf).
        #expect(histogram.buckets[RouteStats.buckets.firstIndex(of: 0.005) ?? -1] == UInt64(counts.count - 1))
        #expect(histogram.buckets.reduce(0, +) == UInt64(counts.count - 1))
        #expect(abs(histogram.sum - (Double(counts.count - 1) * 0.003 + 6)) < 1e-6)
    }
}
