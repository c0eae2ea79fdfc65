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
            try ScheduledItemRoom.check(for: draft, among: items, now: now, replacing: nil)
            let item = ScheduledItem(id: ContactID.generate(at: now), draft: draft, createdAt: now)
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
            guard let index = items.firstIndex(where: { $0.item.id == id && $0.deletedAt == nil }) else { return .notFound }
            let before = items[index].item
            if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
            try ScheduledItemRoom.check(for: draft, among: items, now: now, replacing: id)
            let after = ScheduledItem(id: id, draft: draft, createdAt: before.createdAt, revision: before.revision + 1)
            items[index].item = after
            return .done(before: before, after: after)
        }
    }

    public func delete(id: String, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult {
        items.withLock { items in
            guard let index = items.firstIndex(where: { $0.item.id == id && $0.deletedAt == nil }) else { return .notFound }
            let before = items[index].item
            if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
            items[index].deletedAt = now
            return .done(before: before, after: nil)
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
