import HTTPServer
import QuickActions

/// GET /events: Server-Sent Events with the shortcut list and accepted triggers.
final class EventsController: Sendable {
    static let noQuery: Set<String> = []
    let hub: EventHub
    let cache: ShortcutListCache

    init(hub: EventHub, cache: ShortcutListCache) {
        self.hub = hub
        self.cache = cache
    }

    /// GET /events
    func streamEvents(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        let cache = cache
        let stream = hub.subscribe {
            let current = cache.versioned(ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false))
            return (current.version, current.representation.body.array)
        }
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/event-stream; charset=utf-8")
        headers.add("Cache-Control", "no-cache")
        headers.add("X-Accel-Buffering", "no")
        return HTTPResponse(status: 200, headers: headers, body: .stream(stream))
    }
}
