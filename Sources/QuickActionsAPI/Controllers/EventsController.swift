import HTTPServer
import QuickActions

/// GET /events: Server-Sent Events with the shortcut list and accepted triggers.
struct EventsController: Sendable {
    let hub: EventHub
    let cache: ShortcutListCache

    /// GET /events
    func streamEvents(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery([])
        let current = cache.representation(ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false))
        let stream = hub.subscribe(first: "shortcuts", data: current.body.array)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/event-stream; charset=utf-8")
        headers.add("Cache-Control", "no-cache")
        headers.add("X-Accel-Buffering", "no")
        return HTTPResponse(status: 200, headers: headers, body: .stream(stream))
    }
}
