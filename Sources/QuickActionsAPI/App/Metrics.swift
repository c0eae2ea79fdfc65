import HTTPServer
import Synchronization

/// Request counters and a latency histogram for one route pattern, updated without a lock
/// (each route owns one, so the hot path touches no shared table).
public final class RouteStats: Sendable {
    /// The methods this server knows, each given its own counter: RFC 9110's, PATCH, and QUERY
    /// (the IETF's safe method with a body, which clients and testers already send). A known
    /// method a path lacks is 405 there. Any other method is not implemented (501) and counts
    /// under the one label `other`: a method is whatever token a client sends, and must not
    /// mint labels.
    static let methods = ["GET", "HEAD", "POST", "PATCH", "DELETE", "PUT", "OPTIONS", "CONNECT", "TRACE", "QUERY"]
    static let statuses = [200, 201, 204, 304, 400, 401, 404, 405, 406, 409, 410, 412, 413, 415, 422, 429, 431, 500, 501, 503]
    /// The label of every method outside `methods`.
    static let otherMethod = "other"
    /// Histogram bucket bounds, in seconds.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    /// The route pattern this counts (the label).
    public let route: String
    /// Per-thread rows of counters (see `ShardedCounters`): the HTTP threads never write the
    /// same cache lines, and a scrape adds the rows up. Layout: a count per (method, status),
    /// then a count per bucket, then the summed nanoseconds. (The request count is the sum of
    /// the counts by method and status: not counted twice.)
    private let counters = ShardedCounters(width: RouteStats.nanosecondsIndex + 1)
    private let otherCounts = Mutex<[String: UInt64]>([:])

    private static let bucketIndex = methods.count * statuses.count
    private static let nanosecondsIndex = bucketIndex + buckets.count

    /// Creates zeroed stats for `route`.
    public init(route: String) {
        self.route = route
    }

    /// Counts one finished request.
    func observe(method: String, status: Int, seconds: Double) {
        let row = ThreadShard.current
        if let m = Self.methodIndex(method), let s = Self.statusIndex(status) {
            counters.add(m * Self.statuses.count + s, 1, in: row)
        } else {
            // Bounded: seven methods and `other`, times the statuses a server can send.
            let label = Self.methodIndex(method) == nil ? Self.otherMethod : method
            otherCounts.withLock { $0["\(label) \(status)", default: 0] += 1 }
        }
        if let bucket = Self.buckets.firstIndex(where: { seconds <= $0 }) {
            counters.add(Self.bucketIndex + bucket, 1, in: row)
        }
        counters.add(Self.nanosecondsIndex, Int(max(0, seconds) * 1e9), in: row)
    }

    /// The index of `method` in `methods` (a switch: no array or string search per request).
    private static func methodIndex(_ method: String) -> Int? {
        switch method {
        case "GET": 0
        case "HEAD": 1
        case "POST": 2
        case "PATCH": 3
        case "DELETE": 4
        case "PUT": 5
        case "OPTIONS": 6
        case "CONNECT": 7
        case "TRACE": 8
        case "QUERY": 9
        default: nil
        }
    }

    /// Whether `method` is one this server knows (see `methods`).
    static func isKnown(_ method: String) -> Bool {
        methodIndex(method) != nil
    }

    /// The index of `status` in `statuses`.
    private static func statusIndex(_ status: Int) -> Int? {
        statuses.firstIndex(of: status)
    }

    /// The sum over the thread rows of counter `index`.
    private func total(_ index: Int) -> UInt64 {
        UInt64(bitPattern: Int64(counters.total(index)))
    }

    /// (method, status, count) for every non-zero counter.
    var requestCounts: [(method: String, status: Int, count: UInt64)] {
        var result: [(String, Int, UInt64)] = []
        for (m, method) in Self.methods.enumerated() {
            for (s, status) in Self.statuses.enumerated() {
                let value = total(m * Self.statuses.count + s)
                if value > 0 { result.append((method, status, value)) }
            }
        }
        for (key, value) in otherCounts.withLock({ $0 }) {
            let parts = key.split(separator: " ")
            if parts.count == 2, let status = Int(parts[1]) { result.append((String(parts[0]), status, value)) }
        }
        return result
    }

    /// Bucket counts (not cumulative), total count and sum of seconds.
    var histogram: (buckets: [UInt64], count: UInt64, sum: Double) {
        let count = requestCounts.reduce(0) { $0 + $1.count }
        return (Self.buckets.indices.map { total(Self.bucketIndex + $0) }, count, Double(total(Self.nanosecondsIndex)) / 1e9)
    }
}

/// Prometheus metrics: request counts and durations by route pattern (never the raw path),
/// triggers by type, plus gauges read at scrape time.
public final class Metrics: Sendable {
    /// Requests that matched no route, under one fixed label.
    public let unmatched: RouteStats
    private let registered = Mutex<[RouteStats]>([])
    private let triggers = Mutex<[String: UInt64]>([:])

    /// Creates empty metrics.
    public init(unmatchedLabel: String = "unmatched") {
        unmatched = RouteStats(route: unmatchedLabel)
        registered.withLock { $0.append(unmatched) }
    }

    /// Includes `stats` in the exposition.
    public func register(_ stats: [RouteStats]) {
        registered.withLock { $0.append(contentsOf: stats) }
    }

    /// Counts an accepted trigger.
    public func countTrigger(type: String) {
        triggers.withLock { $0[type, default: 0] += 1 }
    }

    /// The Prometheus text exposition, with `gauges` (name, help, value) appended.
    public func render(gauges: [(name: String, help: String, value: Double)]) -> String {
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
