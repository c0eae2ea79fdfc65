import Dispatch
import Foundation
import Synchronization

/// The system's wall clock, waiting on a Dispatch queue of its own: deadlines are wall-clock
/// times (`DispatchWallTime`), so a window's edge is met at its date even across a system
/// sleep or a clock change. A call that comes early anyway (the clock was set back) is
/// noticed by `EdgeTimer`, which waits again.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, *)
public struct DispatchEdgeClock: EdgeClock {
    private let queue: DispatchQueue

    /// A clock whose calls run on a new serial queue labelled `label`.
    public init(label: String = "quickactiond.schedule.edges") {
        queue = DispatchQueue(label: label)
    }

    public func now() -> Timestamp {
        Timestamp.now()
    }

    public func schedule(at deadline: Timestamp, _ action: @escaping @Sendable () -> Void) -> any EdgeAlarm {
        let alarm = Alarm(action: action)
        let milliseconds = max(0, deadline.millisecondsSince1970)
        let wallTime = DispatchWallTime(
            timespec: timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000))
        queue.asyncAfter(wallDeadline: wallTime) { alarm.ring() }
        return alarm
    }

    /// The action until it rings or is cancelled. A cancelled alarm lets the action (and what
    /// it holds) go at once; the queue keeps only this small object until the deadline.
    private final class Alarm: EdgeAlarm {
        private let action: Mutex<(@Sendable () -> Void)?>

        init(action: @escaping @Sendable () -> Void) {
            self.action = Mutex(action)
        }

        func ring() {
            action.withLock { action in
                defer { action = nil }
                return action
            }?()
        }

        func cancel() {
            action.withLock { $0 = nil }
        }
    }
}
