/// One Server-Sent Event as received: its type, data, and the id and retry it set.
struct ServerSentEvent: Sendable, Equatable {
    var event: String
    var data: String
    var id: String?
}
