import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What one `/events` connection delivers, in order: the response, body pieces, the end.
enum EventStreamChunk: Sendable {
    case response(status: Int)
    case bytes([UInt8])
    case end
}

/// One `GET /events` connection as a stream of chunks. URLSession's delegate is the only API
/// that hands a body over while it arrives on both Linux and Apple platforms.
enum EventStreamConnection {
    /// Opens the connection; it is cancelled when the consumer stops iterating.
    static func open(_ request: URLRequest, configuration: URLSessionConfiguration) -> AsyncStream<EventStreamChunk> {
        AsyncStream { continuation in
            let delegate = EventStreamDelegate(continuation: continuation)
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            let task = session.dataTask(with: request)
            continuation.onTermination = { _ in
                task.cancel()
                session.invalidateAndCancel()
            }
            task.resume()
        }
    }
}

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
