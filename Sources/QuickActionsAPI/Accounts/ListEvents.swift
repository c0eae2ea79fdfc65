import Dispatch
import StorageCore
import Synchronization

/// A change of the shortcut lists, as `AccountShortcutLists.onChange` tells it.
public enum ListChange: Sendable {
    /// A list held in memory changed in place (told on the lists' queue, once for changes in
    /// quick succession, as the latest list).
    case changed(AccountShortcutList)
    /// The list of an account that is not held changed, or was dropped: it is read on next use.
    case dropped(AccountKey)
    /// Every account's list changed (a new setup, or scheduled items of every account).
    case all
}

/// Where the lists tell their changes: made before the lists, so a pinned list can tell its own.
final class ListEvents: Sendable {
    /// Tells observers of the lists' in-place changes, off the writers' threads.
    let announcer = DispatchQueue(label: "quickactiond.shortcuts.announce")
    private let observers = Mutex<[@Sendable (ListChange) -> Void]>([])

    /// Calls `observer` after each change from now on.
    func observe(_ observer: @escaping @Sendable (ListChange) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Tells every observer of `change`.
    func tell(_ change: ListChange) {
        observers.withLock { $0 }.forEach { $0(change) }
    }
}
