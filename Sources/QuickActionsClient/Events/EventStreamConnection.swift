import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
