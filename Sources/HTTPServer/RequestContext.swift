/// Per-request state, created when libmicrohttpd has read the request line and freed
/// when it reports the request completed (also on client abort).
final class RequestContext {
    let target: String
    let startedAt: UInt64
    var method = ""
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    var sawHead = false
    /// Set while the application completes the response later.
    var deferred: DeferredResponse?
    /// Set when the transport refuses the request; the body is then discarded.
    var rejection: HTTPTransportError?

    init(target: String) {
        self.target = target
        self.startedAt = MonotonicClock.nanoseconds()
    }

    /// Refuses requests whose framing two parsers could read differently.
    func framingError() -> HTTPTransportError? {
        var lengths: [String] = []
        var transferEncodings = 0
        for field in headers {
            if field.name.caseInsensitiveEquals("Content-Length") {
                lengths.append(field.value)
            } else if field.name.caseInsensitiveEquals("Transfer-Encoding") {
                transferEncodings += 1
            }
        }
        if lengths.count > 1 { return .ambiguousFraming("Content-Length is given more than once.") }
        if transferEncodings > 1 { return .ambiguousFraming("Transfer-Encoding is given more than once.") }
        if !lengths.isEmpty && transferEncodings > 0 { return .ambiguousFraming("Content-Length and Transfer-Encoding are both given.") }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return .ambiguousFraming("Content-Length is not a decimal number.")
        }
        return nil
    }

    /// Bytes of the request head as sent: request line and header lines with their CRLFs.
    var headBytes: Int {
        headers.reduce(method.utf8.count + target.utf8.count + 12) { $0 + $1.name.utf8.count + $1.value.utf8.count + 4 } + 2
    }

    /// The declared body length, if any.
    var declaredLength: Int? {
        headers.first { $0.name.caseInsensitiveEquals("Content-Length") }.flatMap { Int($0.value) }
    }
}
