import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension QuickActionsClient {
    /// The service's events (`GET /events`): first the shortcut list now, then every change
    /// and every accepted trigger. Reconnects by itself after the server's `retry:` delay,
    /// sending the last event id as `Last-Event-ID`, so no trigger event is missed. Ends with
    /// an error only when the service refuses the token; ending the iteration closes the
    /// connection.
    public nonisolated func events(lastEventID: String? = nil) -> AsyncThrowingStream<QuickActionEvent, Error> {
        AsyncThrowingStream { continuation in
            let task = Task { await self.streamEvents(lastEventID: lastEventID, into: continuation) }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    /// The server's default reconnection delay (it sends `retry: 3000` first thing anyway).
    static let defaultRetryMilliseconds = 3000

    private nonisolated func streamEvents(lastEventID: String?, into continuation: AsyncThrowingStream<QuickActionEvent, Error>.Continuation) async {
        var lastEventID = lastEventID
        var retry = Self.defaultRetryMilliseconds
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        // Heartbeats come every 10 s: a minute of silence means the connection is dead.
        configuration.timeoutIntervalForRequest = 60
        configuration.timeoutIntervalForResource = .infinity
        while !Task.isCancelled {
            var request = makeRequest(path: "events")
            request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
            if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
            var parser = ServerSentEventParser(lastEventID: lastEventID)
            for await chunk in EventStreamConnection.open(request, configuration: configuration) {
                switch chunk {
                case .response(let status) where status == 401:
                    continuation.finish(throwing: QuickActionsClientError.unauthorized)
                    return
                case .response(let status) where status == 404 || status == 403:
                    continuation.finish(throwing: QuickActionsClientError.status(status, "GET /events"))
                    return
                case .response, .end:
                    break
                case .bytes(let bytes):
                    for event in parser.feed(bytes) {
                        switch event.event {
                        case "shortcuts":
                            if let list = try? ShortcutList(json: Array(event.data.utf8)) { continuation.yield(.shortcuts(list)) }
                        case "trigger":
                            if let trigger = try? TriggerEvent(json: event.data, eventID: event.id) { continuation.yield(.trigger(trigger)) }
                        default:
                            break
                        }
                    }
                }
            }
            lastEventID = parser.lastEventID
            retry = parser.retryMilliseconds ?? retry
            try? await Task.sleep(nanoseconds: UInt64(retry) * 1_000_000)
        }
        continuation.finish()
    }
}
