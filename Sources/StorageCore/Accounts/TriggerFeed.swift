import QuickActions
import Synchronization

/// Reports triggers that another process sharing the store recorded, as this process learns
/// of them (PostgreSQL: LISTEN/NOTIFY), so its own `/events` streams get them too. A store
/// used by one process only never reports any: that process published its own.
public final class TriggerFeed: Sendable {
    private let observers = Mutex<[@Sendable (AccountKey, LoggedTrigger) -> Void]>([])

    /// Creates a feed with no observers.
    public init() {}

    /// Calls `observer` with every later trigger of another process.
    public func observe(_ observer: @escaping @Sendable (AccountKey, LoggedTrigger) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Reports a trigger another process committed.
    public func publish(account: AccountKey, _ trigger: LoggedTrigger) {
        for observer in observers.withLock({ $0 }) { observer(account, trigger) }
    }
}
