import Synchronization

/// Version numbers shared by many shortcut lists (one per account): a list built again after
/// it left the cache continues above every number its account's streams have seen.
final class ShortcutListVersions: Sendable {
    private let last = Atomic<Int>(0)

    /// A number above every number given before.
    func next() -> Int {
        last.wrappingAdd(1, ordering: .relaxed).newValue
    }
}
