import Synchronization

/// Reports committed `AccountChange`s to observers (token caches, open event streams), on the
/// committing thread, after the commit. A store shared by several processes also reports the
/// changes other processes made, as it learns of them.
public final class AccountChangeFeed: Sendable {
    private let observers = Mutex<[@Sendable (AccountChange) -> Void]>([])

    /// Creates a feed with no observers.
    public init() {}

    /// Calls `observer` with every later change.
    public func observe(_ observer: @escaping @Sendable (AccountChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Reports a committed change.
    public func publish(_ change: AccountChange) {
        for observer in observers.withLock({ $0 }) { observer(change) }
    }
}
