import QuickActions
import StorageCore

/// The scheduled items in the shared PostgreSQL database, written through the group-committed
/// writer under a table lock that serialises their writes across instances (the room is
/// counted under it, in the write's transaction). Each write tells the other instances, which
/// publish it on their `remoteChanges`.
final class PostgreSQLScheduledItemStore: ScheduledItemStore {
    private let store: PostgreSQLDatabase

    /// Where a row that does not read is skipped.
    private let skips: StoredRowSkips

    init(store: PostgreSQLDatabase) {
        self.store = store
        skips = store.skippedRows
    }

    var remoteChanges: ScheduledItemChangeFeed { store.scheduledItemChanges }

    func create(_ draft: ScheduledItemDraft, now: Timestamp) throws(StorageError) -> ScheduledItem {
        let item = ScheduledItem(id: ContactID.generate(at: now), draft: draft, createdAt: now)
        try store.writer.write(
            { [skips] (connection) throws(StorageError) in
                let items = try Self.lockedItems(on: connection, skipping: skips)
                try ScheduledItemRoom.check(for: draft, among: items, now: now, replacing: nil)
                _ = try connection.execute(
                    PostgreSQLScheduledItemSQL.insert,
                    [.text(item.id)] + PostgreSQLScheduledItemSQL.values(of: draft) + [.integer(now.millisecondsSince1970)])
            }, notify: notice())
        return item
    }

    func get(id: String) throws(StorageError) -> ScheduledItem? {
        try store.readers.read { [skips] (connection) throws(StorageError) -> ScheduledItem? in
            PostgreSQLScheduledItemSQL.items(try connection.execute(PostgreSQLScheduledItemSQL.byID, [.text(id)]), skipping: skips).first?.item
        }
    }

    func all() throws(StorageError) -> [StoredScheduledItem] {
        try store.readers.read { [skips] (connection) throws(StorageError) -> [StoredScheduledItem] in
            PostgreSQLScheduledItemSQL.items(try connection.execute(PostgreSQLScheduledItemSQL.all), skipping: skips)
        }
    }

    func update(
        id: String, to draft: ScheduledItemDraft, expectedRevision: Int64?, now: Timestamp
    ) throws(StorageError) -> ScheduledItemWriteResult {
        try store.writer.write(
            { [skips] (connection) throws(StorageError) -> ScheduledItemWriteResult in
                let items = try Self.lockedItems(on: connection, skipping: skips)
                guard let before = items.first(where: { $0.item.id == id && $0.deletedAt == nil })?.item else { return .notFound }
                if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
                try ScheduledItemRoom.check(for: draft, among: items, now: now, replacing: id)
                let after = ScheduledItem(id: id, draft: draft, createdAt: before.createdAt, revision: before.revision + 1)
                _ = try connection.execute(
                    PostgreSQLScheduledItemSQL.update, PostgreSQLScheduledItemSQL.values(of: draft) + [.integer(after.revision), .text(id)])
                return .done(before: before, after: after)
            }, notify: notice())
    }

    func delete(id: String, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult {
        try store.writer.write(
            { [skips] (connection) throws(StorageError) -> ScheduledItemWriteResult in
                try connection.run(PostgreSQLScheduledItemSQL.lock)
                let found = PostgreSQLScheduledItemSQL.items(try connection.execute(PostgreSQLScheduledItemSQL.byID, [.text(id)]), skipping: skips)
                guard let before = found.first?.item else { return .notFound }
                if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
                _ = try connection.execute(PostgreSQLScheduledItemSQL.delete, [.integer(now.millisecondsSince1970), .text(id)])
                return .done(before: before, after: nil)
            }, notify: notice())
    }

    func purge(leftBefore cutoff: Timestamp) throws(StorageError) -> Int {
        try store.writer.write { (connection) throws(StorageError) -> Int in
            Int(try connection.execute(PostgreSQLScheduledItemSQL.purge + " RETURNING 1", [.integer(cutoff.millisecondsSince1970)]).count)
        }
    }

    /// Takes the scheduled items' write lock, then reads every item on `connection`.
    private static func lockedItems(on connection: PostgreSQLConnection, skipping skips: StoredRowSkips) throws(StorageError) -> [StoredScheduledItem]
    {
        try connection.run(PostgreSQLScheduledItemSQL.lock)
        return PostgreSQLScheduledItemSQL.items(try connection.execute(PostgreSQLScheduledItemSQL.all), skipping: skips)
    }

    /// The notice a write sends the other instances (whatever it did: they read the items again).
    private func notice<Value>() -> @Sendable (Value) -> [PostgreSQLChangeNotice] {
        let instance = store.instance
        return { _ in [PostgreSQLChangeNotice(instance: instance, kind: .scheduledItems, account: AccountKey(0), number: 0)] }
    }
}
