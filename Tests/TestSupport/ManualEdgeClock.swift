import QuickActions
import Synchronization

/// A clock the test moves: alarms ring when `advance` passes their deadlines, in deadline
/// order, on the test's thread, never during `schedule`. Shared by the domain's and the API's
/// suites (the scheduled items' edges).
public final class ManualEdgeClock: EdgeClock {
    private final class Alarm: EdgeAlarm {
        let deadline: Timestamp
        let action: Mutex<(@Sendable () -> Void)?>

        init(deadline: Timestamp, action: @escaping @Sendable () -> Void) {
            self.deadline = deadline
            self.action = Mutex(action)
        }

        func cancel() {
            action.withLock { $0 = nil }
        }

        var isPending: Bool { action.withLock { $0 != nil } }
    }

    private let state: Mutex<(now: Timestamp, alarms: [Alarm])>

    public init(now: Timestamp) {
        state = Mutex((now, []))
    }

    public func now() -> Timestamp {
        state.withLock { $0.now }
    }

    public func schedule(at deadline: Timestamp, _ action: @escaping @Sendable () -> Void) -> any EdgeAlarm {
        let alarm = Alarm(deadline: deadline, action: action)
        state.withLock { $0.alarms.append(alarm) }
        return alarm
    }

    /// The deadlines of the alarms neither rung nor cancelled.
    public var pending: [Timestamp] {
        state.withLock { $0.alarms.filter(\.isPending).map(\.deadline) }
    }

    /// Sets the time to `instant` (earlier or later) and rings every pending alarm due by then,
    /// one at a time, including alarms set by the ones that ring.
    public func advance(to instant: Timestamp) {
        state.withLock { $0.now = instant }
        ringDue()
    }

    /// Rings the pending alarms due now whatever their deadline says: a wake that comes early.
    public func ringEarly() {
        let alarms = state.withLock { state in
            defer { state.alarms = [] }
            return state.alarms
        }
        for alarm in alarms { alarm.action.withLock { $0 }?() }
    }

    private func ringDue() {
        while true {
            let due = state.withLock { state -> Alarm? in
                state.alarms.removeAll { !$0.isPending }
                guard
                    let index = state.alarms.indices.filter({ state.alarms[$0].deadline <= state.now })
                        .min(by: { state.alarms[$0].deadline < state.alarms[$1].deadline })
                else { return nil }
                return state.alarms.remove(at: index)
            }
            guard let due else { return }
            due.action.withLock { $0 }?()
        }
    }
}
