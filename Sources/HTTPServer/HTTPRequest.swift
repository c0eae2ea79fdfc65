import Glibc

/// One parsed HTTP request as the application sees it.
///
/// Immutable, and a class: the request passes through routing, the handler and logging, and
/// each hand-over is then one reference count instead of one per field.
public final class HTTPRequest: Sendable {
    /// The method, upper case as sent (`GET`, `POST`, ...).
    public let method: String
    /// The raw request target, e.g. `/contacts?q=ada`.
    public let target: String
    /// The percent-decoded path, e.g. `/contacts/abc`.
    public let path: String
    /// The path as sent, still percent-encoded: route on its segments, then decode each one.
    public let rawPath: String
    /// Query parameters, percent-decoded, in order.
    public let query: [(name: String, value: String)]
    /// The request header fields.
    public let headers: RequestHeaders
    /// The request body (empty when none was sent).
    public let body: [UInt8]
    /// Monotonic time the request started, in nanoseconds, for durations.
    public let startedAt: UInt64

    /// Creates a request; tests build these directly to drive a router in-process.
    public convenience init(
        method: String,
        target: String,
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        startedAt: UInt64 = MonotonicClock.nanoseconds()
    ) throws(RequestTargetError) {
        try self.init(method: method, target: target, headers: RequestHeaders(headers.fields), body: body, startedAt: startedAt)
    }

    /// Creates a request with header fields as the transport read them.
    convenience init(method: String, target: String, headers: RequestHeaders, body: [UInt8], startedAt: UInt64) throws(RequestTargetError) {
        self.init(method: method, parsed: try ParsedTarget(target), headers: headers, body: body, startedAt: startedAt)
    }

    /// Creates a request whose target is parsed already.
    init(method: String, parsed: ParsedTarget, headers: RequestHeaders, body: [UInt8], startedAt: UInt64) {
        self.method = method
        self.target = parsed.target
        self.path = parsed.path
        self.rawPath = parsed.rawPath
        self.query = parsed.query
        self.headers = headers
        self.body = body
        self.startedAt = startedAt
    }

    /// The first query value named `name`, or nil.
    public func queryValue(_ name: String) -> String? {
        for pair in query where pair.name == name { return pair.value }
        return nil
    }
}
