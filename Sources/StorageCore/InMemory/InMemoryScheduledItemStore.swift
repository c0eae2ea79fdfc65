import QuickActions
import Synchronization

/// Scheduled items in memory: for unit tests and `--store memory`.
public final class InMemoryScheduledItemStore: ScheduledItemStore {
    private let items = Mutex<[StoredScheduledItem]>([])
    /// Never reports anything: one process owns the store.
    public let remoteChanges = ScheduledItemChangeFeed()

    /// Creates an empty store.
    public init() {}

    public func create(_ draft: ScheduledItemDraft, now: Timestamp) throws(StorageError) -> ScheduledItem {
        try items.withLock { (items) throws(StorageError) -> ScheduledItem in
            let item = try ScheduledItemWriteRule.created(draft, among: items, at: now)
            items.append(StoredScheduledItem(item: item))
            return item
        }
    }

    public func get(id: String) throws(StorageError) -> ScheduledItem? {
        items.withLock { items in items.first { $0.item.id == id && $0.deletedAt == nil }?.item }
    }

    public func all() throws(StorageError) -> [StoredScheduledItem] {
        items.withLock { $0 }
    }

    public func update(
        id: String, to draft: ScheduledItemDraft, expectedRevision: Int64?, now: Timestamp
    ) throws(StorageError) -> ScheduledItemWriteResult {
        try items.withLock { (items) throws(StorageError) -> ScheduledItemWriteResult in
            let result = try ScheduledItemWriteRule.update(id: id, to: draft, among: items, expectedRevision: expectedRevision, at: now)
            if case .done(_, let after?) = result, let index = items.firstIndex(where: { $0.item.id == id && $0.deletedAt == nil }) {
                items[index].item = after
            }
            return result
        }
    }

    public func delete(id: String, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult {
        items.withLock { items in
            let index = items.firstIndex { $0.item.id == id && $0.deletedAt == nil }
            let result = ScheduledItemWriteRule.delete(index.map { items[$0].item }, expectedRevision: expectedRevision)
            if case .done = result, let index { items[index].deletedAt = now }
            return result
        }
    }

    public func purge(leftBefore cutoff: Timestamp) throws(StorageError) -> Int {
        items.withLock { items in
            let count = items.count
            items.removeAll { $0.leftAt < cutoff }
            return count - items.count
        }
    }
}
