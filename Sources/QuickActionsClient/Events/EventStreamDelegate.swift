import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Forwards a connection's delegate calls into its chunk stream. Sendable: it holds only the
/// continuation, which is.
final class EventStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let continuation: AsyncStream<EventStreamChunk>.Continuation

    init(continuation: AsyncStream<EventStreamChunk>.Continuation) {
        self.continuation = continuation
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        continuation.yield(.response(status: status))
        completionHandler(status == 200 ? .allow : .cancel)
        if status != 200 { continuation.finish() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        continuation.yield(.bytes([UInt8](data)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        continuation.yield(.end)
        continuation.finish()
        session.finishTasksAndInvalidate()
    }
}
