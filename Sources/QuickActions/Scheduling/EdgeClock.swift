/// The clock an `EdgeTimer` reads and waits on: the system's (`DispatchEdgeClock`), or one a
/// test moves by hand.
public protocol EdgeClock: Sendable {
    /// The current time.
    func now() -> Timestamp
    /// Calls `action` once, at `deadline` or later (soon, when it has passed), unless the
    /// returned alarm is cancelled first. Never calls `action` before returning.
    func schedule(at deadline: Timestamp, _ action: @escaping @Sendable () -> Void) -> any EdgeAlarm
}

/// A pending call of an `EdgeClock`.
public protocol EdgeAlarm: Sendable {
    /// Drops the call if it has not begun (a call under way finishes).
    func cancel()
}
