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
        try store.writer.write(
            { [skips] (connection) throws(StorageError) -> ScheduledItem in
                let item = try ScheduledItemWriteRule.created(draft, among: try Self.lockedItems(on: connection, skipping: skips), at: now)
                _ = try connection.execute(
                    PostgreSQLScheduledItemSQL.insert,
                    [.text(item.id)] + PostgreSQLScheduledItemSQL.values(of: draft) + [.integer(now.millisecondsSince1970)])
                return item
            }, notify: notice())
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
                let result = try ScheduledItemWriteRule.update(id: id, to: draft, among: items, expectedRevision: expectedRevision, at: now)
                if case .done(_, let after?) = result {
                    _ = try connection.execute(
                        PostgreSQLScheduledItemSQL.update, PostgreSQLScheduledItemSQL.values(of: draft) + [.integer(after.revision), .text(id)])
                }
                return result
            }, notify: notice())
    }

    func delete(id: String, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult {
        try store.writer.write(
            { [skips] (connection) throws(StorageError) -> ScheduledItemWriteResult in
                try connection.run(PostgreSQLScheduledItemSQL.lock)
                let found = PostgreSQLScheduledItemSQL.items(try connection.execute(PostgreSQLScheduledItemSQL.byID, [.text(id)]), skipping: skips)
                let result = ScheduledItemWriteRule.delete(found.first?.item, expectedRevision: expectedRevision)
                if case .done = result {
                    _ = try connection.execute(PostgreSQLScheduledItemSQL.delete, [.integer(now.millisecondsSince1970), .text(id)])
                }
                return result
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
