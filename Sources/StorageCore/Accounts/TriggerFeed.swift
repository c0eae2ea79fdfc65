import QuickActions
import Synchronization

/// Says that another process sharing the store committed triggers, as this process learns of
/// them (PostgreSQL: LISTEN/NOTIFY), so its `/events` streams read them from the log (in id
/// order, with its own). A store used by one process only never reports any.
public final class TriggerFeed: Sendable {
    private let observers = Mutex<[@Sendable (AccountKey) -> Void]>([])

    /// Creates a feed with no observers.
    public init() {}

    /// Calls `observer` with the account of every later trigger of another process.
    public func observe(_ observer: @escaping @Sendable (AccountKey) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Reports that another process committed a trigger of `account`.
    public func publish(account: AccountKey) {
        for observer in observers.withLock({ $0 }) { observer(account) }
    }
}
