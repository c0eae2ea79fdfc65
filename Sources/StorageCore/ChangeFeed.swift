import Synchronization

/// Reports each published change to every observer, on the publishing thread, in the order it
/// is published. Observers run there: they must be quick and must not write.
public final class ChangeFeed<Change: Sendable>: Sendable {
    private let observers = Mutex<[@Sendable (Change) -> Void]>([])

    /// Creates a feed with no observers.
    public init() {}

    /// Calls `observer` with every later change.
    public func observe(_ observer: @escaping @Sendable (Change) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Reports a change.
    public func publish(_ change: Change) {
        for observer in observers.withLock({ $0 }) { observer(change) }
    }
}

/// Reports every committed contact change, in commit order, before the write that made it
/// returns. A store publishes where its writes are ordered (SQLite: on the writer connection,
/// right after the commit), so observers that apply changes one by one (the shortcut list) end
/// where the store ends, however the writers' threads interleave.
public typealias ContactChangeFeed = ChangeFeed<ContactChange>

/// Reports committed `AccountChange`s (to token caches, open event streams), on the committing
/// thread, after the commit. A store shared by several processes also reports the changes
/// other processes made, as it learns of them.
public typealias AccountChangeFeed = ChangeFeed<AccountChange>

/// Reports the account of each trigger another process sharing the store committed, as this
/// process learns of it (PostgreSQL: LISTEN/NOTIFY), so its `/events` streams read them from the
/// log (in id order, with its own). A store used by one process only never reports any.
public typealias TriggerFeed = ChangeFeed<AccountKey>

/// Tells its observers that another process changed the scheduled items: read them again.
public typealias ScheduledItemChangeFeed = ChangeFeed<Void>

extension ChangeFeed where Change == AccountKey {
    /// Reports that another process committed a trigger of `account`.
    public func publish(account: AccountKey) {
        publish(account)
    }
}

extension ChangeFeed where Change == Void {
    /// Reports a change.
    public func publish() {
        publish(())
    }
}
