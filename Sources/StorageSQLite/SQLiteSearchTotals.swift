import QuickActions
import StorageCore
import Synchronization

/// Match counts of recent searches, each tagged with the write generation it was counted in.
/// Any write moves the generation on, so a total is only ever reused for unchanged data.
final class SQLiteSearchTotals: Sendable {
    /// A search's filters (the page bounds do not change the total).
    struct Key: Hashable, Sendable {
        let account: AccountKey
        let text: String?
        let favorite: Bool?

        init(account: AccountKey, foldedText: String?, favorite: Bool?) {
            self.account = account
            text = foldedText
            self.favorite = favorite
        }
    }

    /// Most totals kept; past it the table starts over (searches repeat, so it refills fast).
    static let capacity = 512

    private let currentGeneration = Atomic<UInt64>(0)
    private let entries = Mutex<[Key: (generation: UInt64, total: Int)]>([:])

    /// The current write generation.
    var generation: UInt64 {
        currentGeneration.load(ordering: .acquiring)
    }

    /// The total counted for `key` in `generation`, if any.
    func total(for key: Key, generation: UInt64) -> Int? {
        entries.withLock { entries in
            guard let entry = entries[key], entry.generation == generation else { return nil }
            return entry.total
        }
    }

    /// Keeps a total counted from a snapshot taken no earlier than `generation` began.
    func store(_ total: Int, for key: Key, generation: UInt64) {
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (generation, total)
        }
    }

    /// A write committed (or may have): older totals are no longer valid.
    func invalidate() {
        currentGeneration.add(1, ordering: .releasing)
    }
}
