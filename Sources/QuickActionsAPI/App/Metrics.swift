import HTTPServer
import Sharding
import Synchronization

/// Prometheus metrics: request counts and durations by route pattern (never the raw path),
/// triggers by type, plus gauges read at scrape time.
public final class Metrics: Sendable {
    /// Requests that matched no route, under one fixed label.
    public let unmatched: RouteStats
    /// The rows of the HTTP threads that count (see `PerThreadReplica`).
    public let threadRows: ThreadRows
    private let registered = Mutex<[RouteStats]>([])
    private let triggers = Mutex<[String: UInt64]>([:])

    /// Creates empty metrics, counted in a row per row of `threadRows`.
    public init(threadRows: ThreadRows, unmatchedLabel: String = "unmatched") {
        self.threadRows = threadRows
        unmatched = RouteStats(route: unmatchedLabel, threadRows: threadRows)
        register([unmatched])
    }

    /// Includes `stats` in the exposition (make them with `threadRows`: see `Route.counted(in:)`).
    public func register(_ stats: [RouteStats]) {
        registered.withLock { $0.append(contentsOf: stats) }
    }

    /// Counts an accepted trigger.
    public func countTrigger(type: String) {
        triggers.withLock { $0[type, default: 0] += 1 }
    }

    /// The tables whose rows `quickactiond_stored_rows_skipped_total` always lists (0 until a
    /// read skips one), so that an alert has a series to watch from the start.
    static let skippableTables = ["contacts", "scheduled_items", "tombstones"]

    /// The Prometheus text exposition, with `gauges` (name, help, value) appended, and the
    /// stored rows reads left out, by table (`StoredRowSkips`), when a store is given.
    public func render(gauges: [(name: String, help: String, value: Double)], skippedRows: [String: Int]? = nil) -> String {
        // Routes sharing a pattern (GET and PATCH /contacts/{id}) share a label: merge them.
        var requests: [String: [String: UInt64]] = [:]
        var histograms: [String: (buckets: [UInt64], count: UInt64, sum: Double)] = [:]
        for stats in registered.withLock({ $0 }) {
            for entry in stats.requestCounts {
                requests[stats.route, default: [:]]["\(entry.method)\u{0}\(entry.status)", default: 0] += entry.count
            }
            let histogram = stats.histogram
            guard histogram.count > 0 else { continue }
            if let existing = histograms[stats.route] {
                histograms[stats.route] = (
                    zip(existing.buckets, histogram.buckets).map { $0 + $1 }, existing.count + histogram.count, existing.sum + histogram.sum
                )
            } else {
                histograms[stats.route] = histogram
            }
        }
        var lines: [String] = []
        lines.append("# HELP http_requests_total HTTP requests by route pattern, method and status.")
        lines.append("# TYPE http_requests_total counter")
        for route in requests.keys.sorted() {
            for key in (requests[route] ?? [:]).keys.sorted() {
                let parts = key.split(separator: "\u{0}")
                guard parts.count == 2, let count = requests[route]?[key] else { continue }
                lines.append("http_requests_total{route=\"\(escape(route))\",method=\"\(escape(String(parts[0])))\",status=\"\(parts[1])\"} \(count)")
            }
        }
        lines.append("# HELP http_request_duration_seconds Time from request line to response, by route pattern.")
        lines.append("# TYPE http_request_duration_seconds histogram")
        for route in histograms.keys.sorted() {
            guard let histogram = histograms[route] else { continue }
            var cumulative: UInt64 = 0
            for (index, bound) in RouteStats.buckets.enumerated() {
                cumulative += histogram.buckets[index]
                lines.append("http_request_duration_seconds_bucket{route=\"\(escape(route))\",le=\"\(bound)\"} \(cumulative)")
            }
            lines.append("http_request_duration_seconds_bucket{route=\"\(escape(route))\",le=\"+Inf\"} \(histogram.count)")
            lines.append("http_request_duration_seconds_sum{route=\"\(escape(route))\"} \(histogram.sum)")
            lines.append("http_request_duration_seconds_count{route=\"\(escape(route))\"} \(histogram.count)")
        }
        lines.append("# HELP triggers_total Accepted quick-action triggers by type.")
        lines.append("# TYPE triggers_total counter")
        for (type, count) in triggers.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            lines.append("triggers_total{type=\"\(escape(type))\"} \(count)")
        }
        if let skippedRows {
            lines.append(
                "# HELP quickactiond_stored_rows_skipped_total Stored rows left out because they do not decode, by table (each logged with its id).")
            lines.append("# TYPE quickactiond_stored_rows_skipped_total counter")
            for table in Set(Self.skippableTables).union(skippedRows.keys).sorted() {
                lines.append("quickactiond_stored_rows_skipped_total{table=\"\(escape(table))\"} \(skippedRows[table] ?? 0)")
            }
        }
        for gauge in gauges {
            lines.append("# HELP \(gauge.name) \(gauge.help)")
            lines.append("# TYPE \(gauge.name) gauge")
            lines.append("\(gauge.name) \(gauge.value == gauge.value.rounded() ? String(Int64(gauge.value)) : String(gauge.value))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func escape(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
