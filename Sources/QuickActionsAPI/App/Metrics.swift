import Synchronization

/// Prometheus metrics: request counts and durations by route pattern (never the raw path),
/// plus gauges read at scrape time.
public final class Metrics: Sendable {
    /// Histogram bucket bounds, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct RequestKey: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private struct Histogram {
        var counts = [UInt64](repeating: 0, count: Metrics.buckets.count)
        var count: UInt64 = 0
        var sum: Double = 0
    }

    private struct State {
        var requests: [RequestKey: UInt64] = [:]
        var durations: [String: Histogram] = [:]
        var triggers: [String: UInt64] = [:]
    }

    private let state = Mutex(State())

    /// Creates empty metrics.
    public init() {}

    /// Counts a finished request.
    public func observe(route: String, method: String, status: Int, seconds: Double) {
        state.withLock { state in
            state.requests[RequestKey(route: route, method: method, status: status), default: 0] += 1
            var histogram = state.durations[route] ?? Histogram()
            if let bucket = Metrics.buckets.firstIndex(where: { seconds <= $0 }) { histogram.counts[bucket] += 1 }
            histogram.count += 1
            histogram.sum += seconds
            state.durations[route] = histogram
        }
    }

    /// Counts an accepted trigger.
    public func countTrigger(type: String) {
        state.withLock { $0.triggers[type, default: 0] += 1 }
    }

    /// The Prometheus text exposition, with `gauges` (name, help, value) appended.
    public func render(gauges: [(name: String, help: String, value: Double)]) -> String {
        let snapshot = state.withLock { $0 }
        var lines: [String] = []
        lines.append("# HELP http_requests_total HTTP requests by route pattern, method and status.")
        lines.append("# TYPE http_requests_total counter")
        for (key, count) in snapshot.requests.sorted(by: { ($0.key.route, $0.key.method, $0.key.status) < ($1.key.route, $1.key.method, $1.key.status) }) {
            lines.append("http_requests_total{route=\"\(escape(key.route))\",method=\"\(escape(key.method))\",status=\"\(key.status)\"} \(count)")
        }
        lines.append("# HELP http_request_duration_seconds Time from request line to response, by route pattern.")
        lines.append("# TYPE http_request_duration_seconds histogram")
        for (route, histogram) in snapshot.durations.sorted(by: { $0.key < $1.key }) {
            var cumulative: UInt64 = 0
            for (index, bound) in Metrics.buckets.enumerated() {
                cumulative += histogram.counts[index]
                lines.append("http_request_duration_seconds_bucket{route=\"\(escape(route))\",le=\"\(bound)\"} \(cumulative)")
            }
            lines.append("http_request_duration_seconds_bucket{route=\"\(escape(route))\",le=\"+Inf\"} \(histogram.count)")
            lines.append("http_request_duration_seconds_sum{route=\"\(escape(route))\"} \(histogram.sum)")
            lines.append("http_request_duration_seconds_count{route=\"\(escape(route))\"} \(histogram.count)")
        }
        lines.append("# HELP triggers_total Accepted quick-action triggers by type.")
        lines.append("# TYPE triggers_total counter")
        for (type, count) in snapshot.triggers.sorted(by: { $0.key < $1.key }) {
            lines.append("triggers_total{type=\"\(escape(type))\"} \(count)")
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
