/// How one `/events` connection ended.
enum EventStreamEnd: Sendable, Equatable {
    /// The connection closed or failed, or stayed silent past `Limits.eventStreamIdleTimeout`:
    /// the stream reconnects.
    case closed
    /// The service answered this status instead of the stream.
    case refused(status: Int)
    /// The client ended it: a limit was passed, or a redirect went to another origin.
    case failed(QuickActionsClientError)
}
