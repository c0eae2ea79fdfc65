/// What the transport learned of a request head while copying its header fields, and the
/// RFC 9112 checks made on it before the application sees the request. Each failure is
/// answered and the connection closed: after a head we cannot parse the one way every
/// other HTTP implementation would, the next bytes on the connection cannot be trusted.
struct RequestHeadCheck: Sendable {
    /// The HTTP version as sent (`HTTP/1.1`).
    var version = ""
    var contentLengths = 0
    var firstContentLength: String?
    var transferEncodings = 0
    var firstTransferEncoding: String?
    var hosts = 0
    var authorizations = 0
    /// Fields whose name is not a token (white space before the colon, for one).
    var badNames = 0
    /// Fields continued over several lines (obs-fold).
    var folded = 0

    /// Why the head must be refused, or nil when it is sound. `method` as sent.
    func failure(method: String) -> HTTPTransportError? {
        // The usual methods come as literals (`MHDBridge.methodName`): compared whole, not scanned.
        if method != "GET" && method != "POST" && method != "HEAD" && !Self.isToken(method.utf8) {
            return .malformedHead("The request method is not a valid HTTP token.")
        }
        if badNames > 0 {
            return .malformedHead("A header field name is not a valid token (white space before the colon is not allowed).")
        }
        if folded > 0 { return .malformedHead("A header field is continued on the next line (obs-fold), which is not allowed.") }
        if version == "HTTP/1.1" && hosts == 0 { return .malformedHead("An HTTP/1.1 request must carry a Host header.") }
        if hosts > 1 { return .malformedHead("The Host header is given more than once.") }
        if authorizations > 1 { return .malformedHead("The Authorization header is given more than once, so which one applies is ambiguous.") }
        if contentLengths > 1 { return .ambiguousFraming("Content-Length is given more than once.") }
        if transferEncodings > 1 { return .ambiguousFraming("Transfer-Encoding is given more than once.") }
        if contentLengths > 0 && transferEncodings > 0 { return .ambiguousFraming("Content-Length and Transfer-Encoding are both given.") }
        if let length = firstContentLength, length.isEmpty || !length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return .ambiguousFraming("Content-Length is not a decimal number.")
        }
        if let codings = firstTransferEncoding { return Self.transferCodingFailure(codings) }
        return nil
    }

    /// RFC 9112 section 6: `chunked` must be the final coding, and appear once (else the body's
    /// length cannot be known: 400); any other coding is one we do not implement (501).
    static func transferCodingFailure(_ field: String) -> HTTPTransportError? {
        let codings = field.split(separator: ",", omittingEmptySubsequences: false).map { element in
            element.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        }.map { String($0).lowercased() }
        if codings.contains(where: { !isToken($0.utf8) }) {
            return .ambiguousFraming("Transfer-Encoding is not a list of transfer codings.")
        }
        let chunked = codings.filter { $0 == "chunked" }.count
        if chunked > 0 && (chunked > 1 || codings.last != "chunked") {
            return .ambiguousFraming("Transfer-Encoding must end with 'chunked', once.")
        }
        if let unknown = codings.first(where: { $0 != "chunked" }) {
            return .unsupportedTransferCoding(unknown)
        }
        return nil
    }

    /// Whether `bytes` are a non-empty RFC 9110 token.
    static func isToken(_ bytes: some Sequence<UInt8>) -> Bool {
        var empty = true
        for byte in bytes {
            empty = false
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                continue
            case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
                UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
                UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
                continue
            default:
                return false
            }
        }
        return !empty
    }
}
