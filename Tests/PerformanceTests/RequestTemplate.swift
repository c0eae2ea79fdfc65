/// The bytes of one HTTP/1.1 request, sent as they are, or with a decimal counter written into
/// a field of fixed width each time (an Idempotency-Key that must differ per request).
struct RequestTemplate: Sendable {
    /// Where a counter goes: the first occurrence in a header value or the body is rewritten per
    /// request with the request's sequence number, zero-padded to this width.
    static let counter = "{{########}}"

    /// The request as sent, the counter's field (if any) as `counter`.
    let bytes: [UInt8]
    /// Where the counter's digits are, in `bytes`.
    let counterRange: Range<Int>?

    /// `target` on the server at `port`, with `headers` (Host and, with a body, Content-Length
    /// are added).
    init(_ method: String, _ target: String, port: Int, headers: [(String, String)] = [], body: String? = nil) {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if let body {
            text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        } else {
            text += "\r\n"
        }
        let bytes = Array(text.utf8)
        let marker = Array(Self.counter.utf8)
        self.bytes = bytes
        counterRange = bytes.indices.first { start in bytes[start...].starts(with: marker) }.map { $0..<($0 + marker.count) }
    }
}
