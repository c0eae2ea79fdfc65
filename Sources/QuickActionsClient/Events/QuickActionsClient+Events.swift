extension QuickActionsClient {
    /// The service's events (`GET /events`): first the shortcut list now, then every change
    /// and every accepted trigger. Reconnects by itself after the server's `retry:` delay,
    /// sending the last event id as `Last-Event-ID`, so no trigger event is missed (also when
    /// a connection stays silent past `limits.eventStreamIdleTimeout`). Ends with an error when
    /// the service refuses the token (`.unauthorized`), has no stream (`.status` 403 or 404),
    /// does not begin the stream within `limits.requestDeadline` (`.deadlineExceeded`),
    /// redirects to another origin (`.redirectRefused`), sends an event past
    /// `limits.maxEventBytes` (`.eventTooLarge`), or when the consumer falls more than
    /// `limits.maxBufferedEventBytes` behind (`.eventBufferFull`: call again with the last
    /// event id handled to resume). Ending the iteration (or cancelling its task) closes the
    /// connection.
    public nonisolated func events(lastEventID: String? = nil) -> AsyncThrowingStream<QuickActionEvent, Error> {
        let reader = EventStreamReader(client: self, lastEventID: lastEventID)
        return AsyncThrowingStream { try await reader.next() }
    }

    /// The server's default reconnection delay (it sends `retry: 3000` first thing anyway).
    static let defaultRetryMilliseconds = 3000
}
