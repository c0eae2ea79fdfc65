/// The application side of the transport: turns requests into responses.
/// Called synchronously on libmicrohttpd's threads; must not throw or block for long.
public protocol HTTPRequestHandler: Sendable {
    /// Answers a complete request.
    func handle(_ request: HTTPRequest) -> HTTPResponse
    /// Answers a request the transport refused (`method` and `target` as sent).
    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse
}
