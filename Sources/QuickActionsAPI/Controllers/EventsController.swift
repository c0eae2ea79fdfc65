import HTTPServer
import QuickActions
import StorageCore

/// GET /events: Server-Sent Events with the shortcut list and accepted triggers.
final class EventsController: Sendable {
    static let noQuery: [String] = []
    let hub: EventHub
    /// Whether this instance hears the other instances' changes (a shared store): while it does
    /// not, a stream would miss them, so none is opened (503 `…/problems/change-feed-lost`).
    let changeFeed: ChangeFeedStatus?

    /// Streams the request's account's events.
    init(hub: EventHub, changeFeed: ChangeFeedStatus? = nil) {
        self.hub = hub
        self.changeFeed = changeFeed
    }

    /// GET /events
    func streamEvents(_ request: APIRequest) throws -> HTTPResponse {
        try request.requireKnownQuery(Self.noQuery)
        if changeFeed?.isLost == true { throw Problem.changeFeedLost }
        let scope = try request.account()
        let cache = try scope.shortcuts()
        let lastEventID = request.http.headers.values(for: "Last-Event-ID").first
        let stream = try hub.subscribe(
            account: scope.key,
            current: {
                let current = cache.versioned(ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false))
                return (current.version, current.representation.body.array)
            }, lastEventID: lastEventID, replayLog: scope.triggers, replayData: Self.replayData)
        var headers = HTTPHeaders()
        headers.add("Content-Type", "text/event-stream; charset=utf-8")
        headers.add("Cache-Control", "no-cache")
        headers.add("X-Accel-Buffering", "no")
        return HTTPResponse(status: 200, headers: headers, body: .stream(stream))
    }

    /// A replayed trigger event's data: the members of the POST /trigger answer the log keeps
    /// (`id`, `type`, `message`, `receivedAt`, `launch`) and `contactId` (not the contact).
    static func replayData(_ record: TriggerRecord) -> [UInt8] {
        var answer = record.answerJSON
        if let contactId = record.contactId { answer["contactId"] = .string(contactId) }
        return JSONWriter.bytes(.object(answer))
    }
}
