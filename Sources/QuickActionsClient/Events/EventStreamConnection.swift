import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One `GET /events` connection, its bytes collected in an inbox. URLSession's delegate is the
/// only API that hands a body over while it arrives on both Linux and Apple platforms; each
/// connection has a session of its own, so a stream never holds a connection that requests
/// would wait for. The stream's answer must begin within `Limits.requestDeadline`
/// (`.deadlineExceeded`), after which only the idle timeout applies.
struct EventStreamConnection: Sendable {
    let inbox: EventStreamInbox
    private let task: URLSessionDataTask
    private let session: URLSession

    /// Opens the connection for `request`, its inbox bounded by `limits`.
    init(_ request: URLRequest, configuration: URLSessionConfiguration, limits: QuickActionsClient.Limits) {
        let inbox = EventStreamInbox(maxEventBytes: limits.maxEventBytes, maxBufferedBytes: limits.maxBufferedEventBytes)
        session = URLSession(
            configuration: configuration, delegate: EventStreamDelegate(inbox: inbox, request: request),
            delegateQueue: InlineDelegateQueue.forSession())
        let task = session.dataTask(with: request)
        self.inbox = inbox
        self.task = task
        // A no-op once the answer has begun or the connection was closed.
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.requestDeadline) {
            if inbox.finishUnlessAnswered(.failed(.deadlineExceeded(seconds: limits.requestDeadline))) { task.cancelAsync() }
        }
        task.resume()
    }

    /// Closes the connection; what it received and nobody took is dropped.
    func close() {
        inbox.finish(.closed)
        task.cancelAsync()
        session.finishTasksAndInvalidate()
    }
}
