import Dispatch

/// One parsed HTTP request as the application sees it.
public struct HTTPRequest: Sendable {
    /// The method, upper case as sent (`GET`, `POST`, ...).
    public var method: String
    /// The raw request target, e.g. `/contacts?q=ada`.
    public var target: String
    /// The percent-decoded path, e.g. `/contacts/abc`.
    public var path: String
    /// Query parameters, percent-decoded, in order.
    public var query: [(name: String, value: String)]
    /// The request header fields.
    public var headers: HTTPHeaders
    /// The request body (empty when none was sent).
    public var body: [UInt8]
    /// Monotonic time the request started, in nanoseconds, for durations.
    public var startedAt: UInt64

    /// Creates a request; tests build these directly to drive a router in-process.
    public init(
        method: String,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        startedAt: UInt64 = MonotonicClock.nanoseconds()
    ) throws(RequestTargetError) {
        let parsed = try RequestTarget.parse(target)
        self.method = method
        self.target = target
        self.path = parsed.path
        self.query = parsed.query
        self.headers = headers
        self.body = body
        self.startedAt = startedAt
    }

    /// The first query value named `name`, or nil.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// Monotonic nanoseconds, for request durations.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary fixed point.
    public static func nanoseconds() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
