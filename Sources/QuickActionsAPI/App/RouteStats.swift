import HTTPServer
import Sharding
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
    /// The route's text in the access log, written once.
    let logRoute: AccessLogRoute
    /// Per-thread rows of counters (see `ShardedCounters`): the HTTP threads never write the
    /// same cache lines, and a scrape adds the rows up. Layout: a count per (method, status),
    /// then a count per bucket, then the summed nanoseconds. (The request count is the sum of
    /// the counts by method and status: not counted twice.)
    private let counters: ShardedCounters
    private let otherCounts = Mutex<[String: UInt64]>([:])

    private static let bucketIndex = methods.count * statuses.count
    private static let nanosecondsIndex = bucketIndex + buckets.count

    /// Creates zeroed stats for `route`, counted in a row per row of `threadRows` (by default
    /// one row every thread shares: for routes no server counts, as in unit tests).
    public init(route: String, threadRows: ThreadRows = .single) {
        self.route = route
        logRoute = AccessLogRoute(route)
        counters = ShardedCounters(width: Self.nanosecondsIndex + 1, rows: threadRows)
    }

    /// Counts one finished request.
    func observe(method: String, status: Int, seconds: Double) {
        let row = counters.current
        if let m = Self.methodIndex(method), let s = Self.statusIndex(status) {
            row.add(m * Self.statuses.count + s, 1)
        } else {
            // Bounded: the known methods and `other`, times the statuses a server can send.
            let label = Self.methodIndex(method) == nil ? Self.otherMethod : method
            otherCounts.withLock { $0["\(label) \(status)", default: 0] += 1 }
        }
        if let bucket = Self.buckets.firstIndex(where: { seconds <= $0 }) {
            row.add(Self.bucketIndex + bucket, 1)
        }
        row.add(Self.nanosecondsIndex, Int(max(0, seconds) * 1e9))
    }

    /// The index of `method` in `methods`. A search of ten short strings, the usual ones first:
    /// as cheap as a `switch` over the same literals (which also compares them in turn).
    private static func methodIndex(_ method: String) -> Int? {
        methods.firstIndex(of: method)
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
