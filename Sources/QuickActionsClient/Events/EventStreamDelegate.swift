import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Forwards one `/events` connection's delegate calls into its inbox, and follows a redirect
/// only within the request's origin. Sendable: it holds only constants that are.
final class EventStreamDelegate: NSObject, URLSessionDataDelegate, Sendable {
    let inbox: EventStreamInbox
    /// The request as the client made it: its origin and its token.
    let request: URLRequest

    init(inbox: EventStreamInbox, request: URLRequest) {
        self.inbox = inbox
        self.request = request
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else {
            inbox.finish(.refused(status: status))
            // Cancelled explicitly: on Linux, URLSession ignores the disposition.
            dataTask.cancelAsync()
            completionHandler(.cancel)
            return
        }
        inbox.markAnswered()
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if !inbox.receive(data) { dataTask.cancelAsync() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        switch Origin.follow(newRequest, from: request) {
        case .success(let followed):
            completionHandler(followed)
        case .failure(let refused):
            // Not cancelled here: URLSession on Linux traps when a task is cancelled while it
            // waits for this handler. Refused, the redirect's own answer (not a 200) ends it.
            inbox.finish(.failed(refused))
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        inbox.finish(.closed)
        session.finishTasksAndInvalidate()
    }
}
