import HTTPServer

/// The API's handler, with each thread that calls it marked for `AllocationCounter`: so the
/// counter tells the HTTP server's threads from the client's and the background ones. Marking
/// sets a thread-local flag; it allocates nothing, and a struct of one reference fits in the
/// existential the server holds, so the wrapper adds no allocation to what it measures.
struct ThreadMarkingHandler<Wrapped: HTTPRequestHandler>: HTTPRequestHandler {
    let wrapped: Wrapped

    func handle(_ request: HTTPRequest) -> HTTPResponse {
        AllocationCounter.markCurrentThread()
        return wrapped.handle(request)
    }

    func handle(_ request: HTTPRequest, on connection: borrowing HTTPConnection) -> HTTPResponse {
        AllocationCounter.markCurrentThread()
        return wrapped.handle(request, on: connection)
    }

    func reject(_ error: HTTPTransportError, method: String, target: String, startedAt: UInt64) -> HTTPResponse {
        AllocationCounter.markCurrentThread()
        return wrapped.reject(error, method: method, target: target, startedAt: startedAt)
    }

    func abandoned() -> HTTPResponse {
        wrapped.abandoned()
    }
}
