/// What becomes of a trigger of a scheduled item.
public enum ScheduledTriggerVerdict: Sendable, Equatable {
    /// The item shows now: accepted.
    case showing
    /// The item left the list at `since`, within the stale window (a device may still show
    /// it): accepted.
    case stale(since: Timestamp)
    /// Not showing and past the stale window, or not yet showing, or unknown: refused with
    /// `410 Gone`, as the item of a deleted favorite is.
    case gone

    /// Whether the trigger is accepted.
    public var isAccepted: Bool {
        self != .gone
    }
}
