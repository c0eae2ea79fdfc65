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
    /// What framing needs to know of the header fields.
    private var fieldBytes = 0
    private var contentLengths = 0
    private var firstContentLength: String?
    private var transferEncodings = 0

    init(target: String) {
        self.target = target
        self.startedAt = MonotonicClock.nanoseconds()
    }

    /// Takes the header fields of the request head, and what framing needs to know of them.
    func setHead(
        headers: PackedHeaderFields, fieldBytes: Int, contentLengths: Int, firstContentLength: String?, transferEncodings: Int
    ) {
        self.headers = headers
        self.fieldBytes = fieldBytes
        self.contentLengths = contentLengths
        self.firstContentLength = firstContentLength
        self.transferEncodings = transferEncodings
    }

    /// Why the body's framing is ambiguous (a request smuggling risk), or nil when it is sound.
    func framingError() -> HTTPTransportError? {
        if contentLengths > 1 { return .ambiguousFraming("Content-Length is given more than once.") }
        if transferEncodings > 1 { return .ambiguousFraming("Transfer-Encoding is given more than once.") }
        if contentLengths > 0 && transferEncodings > 0 { return .ambiguousFraming("Content-Length and Transfer-Encoding are both given.") }
        if let length = firstContentLength, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return .ambiguousFraming("Content-Length is not a decimal number.")
        }
        return nil
    }

    /// The size of the request head as sent: request line, header fields, final CRLF.
    var headBytes: Int {
        method.utf8.count + target.utf8.count + 12 + fieldBytes + 2
    }

    /// Whether the request declares a Content-Length.
    var hasContentLength: Bool { contentLengths > 0 }

    /// The declared Content-Length, when it is a number.
    var declaredLength: Int? {
        firstContentLength.flatMap { Int($0) }
    }
}
