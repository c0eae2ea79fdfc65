import Synchronization

/// Tells its observers that the scheduled items changed (another process wrote them): read
/// them again.
public final class ScheduledItemChangeFeed: Sendable {
    private let observers = Mutex<[@Sendable () -> Void]>([])

    /// Creates a feed with no observers.
    public init() {}

    /// Calls `observer` after every later change.
    public func observe(_ observer: @escaping @Sendable () -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Reports a change.
    public func publish() {
        for observer in observers.withLock({ $0 }) { observer() }
    }
}
