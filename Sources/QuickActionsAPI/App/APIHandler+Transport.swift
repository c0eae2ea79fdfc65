import HTTPServer

/// The answers the transport asks for before the pipeline runs (or instead of it).
extension APIHandler {
    public func abandoned() -> HTTPResponse {
        Problem(
            .serviceUnavailable,
            detail: "The server stopped before this request finished, so whether it took effect is not known. Send it again with the same "
                + "Idempotency-Key, which answers it once either way."
        ).response
    }

    public func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        let problem: Problem
        switch error {
        case .bodyTooLarge(let limit):
            problem = Problem(.contentTooLarge, detail: "The request body is larger than the limit of \(limit) bytes.")
        case .headersTooLarge(let limit):
            problem = Problem(
                .requestHeaderFieldsTooLarge,
                detail: "The request line and headers are larger than the limit of \(limit) bytes.")
        case .badTarget(let targetError):
            problem = .badRequest(targetError.message)
        case .ambiguousFraming(let detail), .malformedHead(let detail):
            problem = .badRequest(detail + " The request is refused and the connection closed.")
        case .overLimit(let connections):
            problem = Problem(.tooManyConnections, detail: "The server has its limit of \(connections) connections open; try again in a moment.")
        case .shuttingDown:
            problem = Problem(
                .serviceUnavailable, detail: "The server is shutting down and takes no new requests; send it again on a new connection.")
        case .unsupportedTransferCoding(let coding):
            problem = Problem(
                .notImplemented,
                detail: "The transfer coding '\(coding)' is not supported; send the body with Content-Length or 'Transfer-Encoding: chunked'. "
                    + "The connection is closed.")
        }
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        var response = problem.response
        finish(&response, method: method, path: path, headers: RequestHeaders(), startedAt: startedAt, route: nil, budget: nil)
        return response
    }
}
