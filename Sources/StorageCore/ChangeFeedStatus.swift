import Synchronization

/// Whether a store shared with other processes hears of their changes now (PostgreSQL: its
/// `LISTEN` connection answers). While it does not, what this process holds in memory (its
/// shortcut lists, its event streams) may miss the others' changes: the API marks the lists it
/// serves as stale and ends the event streams, whose clients resume once the feed is back.
public final class ChangeFeedStatus: Sendable {
    private let lost = Atomic<Bool>(false)
    private let observers = Mutex<[@Sendable (_ live: Bool) -> Void]>([])

    /// A live feed.
    public init() {}

    /// Whether changes made elsewhere may be going unheard now.
    public var isLost: Bool {
        lost.load(ordering: .acquiring)
    }

    /// Calls `observer` with each later change of state (false: lost; true: live again).
    public func observe(_ observer: @escaping @Sendable (_ live: Bool) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// The feed is lost; the observers hear of it once per loss.
    public func markLost() {
        guard !lost.exchange(true, ordering: .acquiringAndReleasing) else { return }
        for observer in observers.withLock({ $0 }) { observer(false) }
    }

    /// The feed is live again; the observers hear of it once per recovery.
    public func markLive() {
        guard lost.exchange(false, ordering: .acquiringAndReleasing) else { return }
        for observer in observers.withLock({ $0 }) { observer(true) }
    }
}
