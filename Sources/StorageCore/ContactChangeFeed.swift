import QuickActions
import Synchronization

/// Reports every committed contact change to its observers, in commit order, before the write
/// that made it returns. A store calls `publish` where its writes are ordered (SQLite: on the
/// writer connection, right after the commit), so observers that apply changes one by one
/// (the shortcut list) end where the store ends, however the writers' threads interleave.
///
/// Observers run on the committing thread: they must be quick and must not write.
public final class ContactChangeFeed: Sendable {
    private let observers = Mutex<[@Sendable (ContactChange) -> Void]>([])

    /// Creates a feed with no observers.
    public init() {}

    /// Calls `observer` with every later change.
    public func observe(_ observer: @escaping @Sendable (ContactChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Reports a committed change (stores call this, in commit order).
    public func publish(_ change: ContactChange) {
        for observer in observers.withLock({ $0 }) { observer(change) }
    }
}
