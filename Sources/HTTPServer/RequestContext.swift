/// Per-request state, created when libmicrohttpd has read the request line and freed
/// when it reports the request completed (also on client abort).
final class RequestContext {
    let target: String
    let startedAt: UInt64
    var method = ""
    /// The header fields, packed as read (see `PackedHeaderFields`).
    private(set) var headers = PackedHeaderFields.empty
    var body: [UInt8] = []
    var sawHead = false
    /// Set while the application completes the response later.
    var deferred: DeferredResponse?
    /// Set when the transport refuses the request; the body is then discarded.
    var rejection: HTTPTransportError?
    /// Why the head must be refused, found when it was read (see `headFailure()`).
    private var failure: HTTPTransportError?
    /// Whether the request declares a Content-Length, and its value when it is a number.
    private(set) var hasContentLength = false
    private(set) var declaredLength: Int?
    private var fieldBytes = 0

    /// The target as parsed, when the connection's last request sent the same one.
    let parsed: ParsedTarget?

    init(target: String) {
        self.target = target
        self.parsed = nil
        self.startedAt = MonotonicClock.nanoseconds()
    }

    init(parsed: ParsedTarget) {
        self.target = parsed.target
        self.parsed = parsed
        self.startedAt = MonotonicClock.nanoseconds()
    }

    /// Takes the header fields of the request head, and what its checks need to know of them.
    /// (`method` is set already.) The checks run here, once: what they find is kept, not the
    /// head's summary, whose strings every later look would copy.
    func setHead(headers: PackedHeaderFields, fieldBytes: Int, check: borrowing RequestHeadCheck) {
        self.headers = headers
        self.fieldBytes = fieldBytes
        failure = check.failure(method: method)
        hasContentLength = check.contentLengths > 0
        declaredLength = check.firstContentLength.flatMap { Int($0) }
    }

    /// Why the head must be refused (malformed, or framed ambiguously: a request smuggling
    /// risk), or nil when it is sound.
    func headFailure() -> HTTPTransportError? {
        failure
    }

    /// The size of the request head as sent: request line, header fields, final CRLF.
    var headBytes: Int {
        method.utf8.count + target.utf8.count + 12 + fieldBytes + 2
    }

}
