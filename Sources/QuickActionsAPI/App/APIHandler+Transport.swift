import HTTPServer

/// The answers the transport asks for before the pipeline runs (or instead of it).
extension APIHandler {
    public func abandoned() -> HTTPResponse {
        Self.retryShortly(
            "The server stopped before this request finished, so whether it took effect is not known. Send it again with the same "
                + "Idempotency-Key, which answers it once either way.", type: "service-unavailable"
        ).response
    }

    /// A 503 the transport gives before any route runs: `Retry-After: 1`, `type` under quickactiond's problems.
    private static func retryShortly(_ detail: String, type: String) -> Problem {
        var headers = HTTPHeaders()
        headers.add("Retry-After", "1")
        return Problem(
            status: 503, title: "Service Unavailable", detail: detail, type: "https://quickactiond.dev/problems/\(type)", headers: headers)
    }

    public func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        let problem: Problem
        switch error {
        case .bodyTooLarge(let limit):
            problem = Problem(status: 413, title: "Content Too Large", detail: "The request body is larger than the limit of \(limit) bytes.")
        case .headersTooLarge(let limit):
            problem = Problem(
                status: 431, title: "Request Header Fields Too Large",
                detail: "The request line and headers are larger than the limit of \(limit) bytes.")
        case .badTarget(let targetError):
            problem = .badRequest(targetError.message)
        case .ambiguousFraming(let detail), .malformedHead(let detail):
            problem = .badRequest(detail + " The request is refused and the connection closed.")
        case .overLimit(let connections):
            problem = Self.retryShortly(
                "The server has its limit of \(connections) connections open; try again in a moment.", type: "too-many-connections")
        case .shuttingDown:
            problem = Self.retryShortly(
                "The server is shutting down and takes no new requests; send it again on a new connection.", type: "service-unavailable")
        case .unsupportedTransferCoding(let coding):
            problem = Problem(
                status: 501, title: "Not Implemented",
                detail: "The transfer coding '\(coding)' is not supported; send the body with Content-Length or 'Transfer-Encoding: chunked'. "
                    + "The connection is closed.")
        }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        var response = problem.response
        finish(&response, method: method, path: path, headers: RequestHeaders(), startedAt: startedAt, route: nil, budget: nil)
        return response
    }
}
