import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The delegate of a client's URLSession: runs each request to one `HTTPAnswer`, enforcing the
/// client's `Limits` while the answer arrives (not after buffering it): a body past
/// `maxBodyBytes` (declared or received) ends the request, so does `requestDeadline`, and a
/// redirect is followed only within the request's origin.
///
/// A request the client ends is answered at once, and its task cancelled in the background:
/// URLSession on Linux cannot cancel a task while the network keeps its work queue busy (a
/// server that streams a redirect's body held a cancel for minutes), and the caller must not
/// wait for that.
///
/// URLSession calls it on its delegate queue while callers and timers call it from anywhere:
/// the requests in flight are kept in one `LockedState`.
final class RequestSessionDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private typealias Continuation = CheckedContinuation<Result<HTTPAnswer, QuickActionsClientError>, Never>

    /// One request in flight. A class, so that its body grows in place, never copied per piece.
    private final class Transfer {
        let request: URLRequest
        let maxBodyBytes: Int
        let continuation: Continuation
        let deadline: DispatchWorkItem
        var body: [UInt8] = []
        var response: HTTPURLResponse?

        init(request: URLRequest, maxBodyBytes: Int, continuation: Continuation, deadline: DispatchWorkItem) {
            self.request = request
            self.maxBodyBytes = maxBodyBytes
            self.continuation = continuation
            self.deadline = deadline
        }
    }

    private let transfers = LockedState<[Int: Transfer]>([:])

    /// Runs `request` on `session` (whose delegate this is) within `limits`.
    func run(_ request: URLRequest, on session: URLSession, limits: QuickActionsClient.Limits) async -> Result<HTTPAnswer, QuickActionsClientError> {
        let task = session.dataTask(with: request)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let deadline = DispatchWorkItem { [weak self] in self?.end(task, .deadlineExceeded(seconds: limits.requestDeadline)) }
                transfers.withLock { transfers in
                    transfers[task.taskIdentifier] = Transfer(
                        request: request, maxBodyBytes: limits.maxBodyBytes, continuation: continuation, deadline: deadline)
                }
                DispatchQueue.global().asyncAfter(deadline: .now() + limits.requestDeadline, execute: deadline)
                task.resume()
            }
        } onCancel: {
            task.cancelAsync()
        }
    }

    /// Answers `task`'s caller with `reason` (unless it was answered already) and, unless
    /// `cancel` is false, cancels the task; whatever the task still delivers is ignored.
    private func end(_ task: URLSessionTask, _ reason: QuickActionsClientError, cancel: Bool = true) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.deadline.cancel()
        if cancel { task.cancelAsync() }
        transfer.continuation.resume(returning: .failure(reason))
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let limit: Int? = transfers.withLock { transfers in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            transfer.response = response as? HTTPURLResponse
            return transfer.maxBodyBytes
        }
        if let limit, response.expectedContentLength > Int64(limit) {
            end(dataTask, .bodyTooLarge(limit: limit))
            // Cancelled by `end` too: on Linux, URLSession ignores the disposition.
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let limit: Int? = transfers.withLock { transfers in
            guard let transfer = transfers[dataTask.taskIdentifier] else { return nil }
            guard transfer.body.count + data.count <= transfer.maxBodyBytes else { return transfer.maxBodyBytes }
            transfer.body.append(contentsOf: data)
            return nil
        }
        if let limit { end(dataTask, .bodyTooLarge(limit: limit)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let original = transfers.withLock { $0[task.taskIdentifier]?.request }
        switch Origin.follow(request, from: original) {
        case .success(let request):
            completionHandler(request)
        case .failure(let refused):
            // Not cancelled: URLSession on Linux traps when a task is cancelled while it waits
            // for this handler. Refused, the redirect's own answer ends the task.
            end(task, refused, cancel: false)
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        guard let transfer = transfers.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        transfer.deadline.cancel()
        let result: Result<HTTPAnswer, QuickActionsClientError>
        if let error {
            result = .failure(.unreachable(error.localizedDescription))
        } else if let response = transfer.response {
            result = .success(HTTPAnswer(response: response, body: transfer.body))
        } else {
            result = .failure(.unreachable("no response"))
        }
        transfer.continuation.resume(returning: result)
    }
}
