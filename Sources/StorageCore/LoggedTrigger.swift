import QuickActions

/// A stored trigger and its event id: its place in the trigger log, which `GET /events`
/// replays from after a `Last-Event-ID`.
public struct LoggedTrigger: Sendable, Equatable {
    /// The event id: increasing, never reused, kept across restarts (SQLite: `triggers.seq`).
    public var eventID: Int64
    /// The trigger.
    public var record: TriggerRecord

    /// Creates a logged trigger.
    public init(eventID: Int64, record: TriggerRecord) {
        self.eventID = eventID
        self.record = record
    }
}

/// A logged trigger and whose it is: what a read of every account's log gives.
public typealias AccountLoggedTrigger = (account: AccountKey, trigger: LoggedTrigger)
