import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Reads `/events` for one `events()` stream, at its consumer's pace: each `next()` parses and
/// decodes only as far as the next event, so what waits for the consumer is the connection's
/// inbox of raw bytes (bounded by `Limits.maxBufferedEventBytes`). Reconnects after a drop,
/// after the server's `retry:` delay, sending `Last-Event-ID`. Called by one consumer at a time.
actor EventStreamReader {
    private let client: QuickActionsClient
    private let configuration: URLSessionConfiguration
    private var connection: EventStreamConnection?
    private var parser: ServerSentEventParser
    /// Events parsed from the last bytes taken and not yet handed out.
    private var parsed: [ServerSentEvent] = []
    private var nextParsed = 0
    private var lastEventID: String?
    private var retryMilliseconds = QuickActionsClient.defaultRetryMilliseconds
    /// Whether the next connection waits for the retry delay first (it follows a drop).
    private var reconnecting = false
    private var done = false

    init(client: QuickActionsClient, lastEventID: String?) {
        self.client = client
        self.lastEventID = lastEventID
        parser = ServerSentEventParser(lastEventID: lastEventID, maxEventBytes: client.limits.maxEventBytes)
        configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.timeoutIntervalForRequest = client.limits.eventStreamIdleTimeout
        configuration.timeoutIntervalForResource = .infinity
    }

    deinit {
        connection?.close()
    }

    /// The next event; nil once the consumer's task is cancelled. Throws what ends the stream
    /// for good: a refused token (401), no stream here (403, 404), a limit passed (a deadline
    /// included), a redirect to another origin.
    func next() async throws(QuickActionsClientError) -> QuickActionEvent? {
        while !done {
            while nextParsed < parsed.count {
                nextParsed += 1
                if let event = Self.decode(parsed[nextParsed - 1]) { return event }
            }
            guard !Task.isCancelled, let connection = await connected() else { break }
            let delivery = await withTaskCancellationHandler {
                await connection.inbox.next()
            } onCancel: {
                connection.inbox.cancel()
            }
            switch delivery {
            case .bytes(let bytes):
                do {
                    parsed = try parser.feed(bytes)
                    nextParsed = 0
                } catch {
                    stop()
                    throw error
                }
            case .cancelled:
                stop()
            case .ended(let end):
                lastEventID = parser.lastEventID
                retryMilliseconds = parser.retryMilliseconds ?? retryMilliseconds
                connection.close()
                self.connection = nil
                reconnecting = true
                switch end {
                case .refused(let status) where status == 401:
                    stop()
                    throw .unauthorized
                case .refused(let status) where status == 403 || status == 404:
                    stop()
                    throw .status(status, "GET /events")
                case .failed(let error):
                    stop()
                    throw error
                case .closed, .refused:
                    break  // Reconnect.
                }
            }
        }
        stop()
        return nil
    }

    /// The open connection, or a new one (after the retry delay when it follows a drop); nil
    /// when the task was cancelled while waiting.
    private func connected() async -> EventStreamConnection? {
        if let connection { return connection }
        if reconnecting {
            do {
                try await Task.sleep(nanoseconds: UInt64(retryMilliseconds) * 1_000_000)
            } catch {
                return nil
            }
        }
        var request = client.makeRequest(path: "events")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let lastEventID { request.setValue(lastEventID, forHTTPHeaderField: "Last-Event-ID") }
        parser = ServerSentEventParser(lastEventID: lastEventID, maxEventBytes: client.limits.maxEventBytes)
        parsed = []
        nextParsed = 0
        let connection = EventStreamConnection(request, configuration: configuration, limits: client.limits)
        self.connection = connection
        return connection
    }

    private func stop() {
        done = true
        connection?.close()
        connection = nil
    }

    /// The event a server-sent event carries; nil for a type this client does not know, or data
    /// it cannot read (skipped, as a newer server may send more).
    static func decode(_ event: ServerSentEvent) -> QuickActionEvent? {
        switch event.event {
        case "shortcuts": (try? ShortcutList(json: Array(event.data.utf8))).map { .shortcuts($0) }
        case "trigger": (try? TriggerEvent(json: event.data, eventID: event.id)).map { .trigger($0) }
        default: nil
        }
    }
}
