/// What the transport refused on its own, before the application saw the request.
public enum HTTPTransportError: Error, Sendable, Equatable {
    /// The body is larger than `maxBodyBytes`.
    case bodyTooLarge(limit: Int)
    /// The request target could not be decoded.
    case badTarget(RequestTargetError)
    /// The request line and headers are larger than `maxHeaderBytes`.
    case headersTooLarge(limit: Int)
    /// `Content-Length`/`Transfer-Encoding` are duplicated or conflict (request smuggling).
    case ambiguousFraming(String)
    /// The head breaks RFC 9112 in a way that makes it ambiguous: a method or field name that
    /// is not a token, an obs-fold, a missing or repeated Host, a repeated Authorization.
    case malformedHead(String)
    /// `Transfer-Encoding` names a coding other than `chunked` (501).
    case unsupportedTransferCoding(String)
    /// The connection was accepted past the connection limit (503, then closed).
    case overLimit(connections: Int)
    /// A request that began after the server started to stop (on a connection kept alive):
    /// 503, then closed. Answered at once, never deferred: libmicrohttpd cannot stop with a
    /// connection parked.
    case shuttingDown
}
