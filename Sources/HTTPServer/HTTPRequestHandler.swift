/// The application side of the transport: turns requests into responses.
/// Called synchronously on libmicrohttpd's threads; must not throw or block for long.
public protocol HTTPRequestHandler: Sendable {
    /// Answers a complete request.
    func handle(_ request: HTTPRequest) -> HTTPResponse
    /// Answers a complete request that arrived on `connection` (the transport calls this one).
    func handle(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse
    /// Answers a request the transport refused (`method` and `target` as sent).
    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse
    /// The answer to a request whose response was still deferred (a write waiting for its
    /// commit) when the server stopped after its grace period; whether it took effect is not
    /// known. The deferred response's own steps (`DeferredResponse.map`) still apply to it.
    func abandoned() -> HTTPResponse
}

extension HTTPRequestHandler {
    /// Answers without looking at the connection.
    public func handle(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse {
        handle(request)
    }

    /// A bare 503.
    public func abandoned() -> HTTPResponse {
        HTTPResponse(status: 503)
    }
}
