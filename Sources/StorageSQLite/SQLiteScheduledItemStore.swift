import QuickActions
import StorageCore

/// The scheduled items in the database file, written through the group-committed writer: the
/// room is counted in the write's transaction, which the one writer serialises.
final class SQLiteScheduledItemStore: ScheduledItemStore {
    private let database: SQLiteDatabase
    /// Never reports anything: one process owns the file.
    let remoteChanges = ScheduledItemChangeFeed()

    /// Where a row that does not read is skipped.
    private let skips: StoredRowSkips

    init(database: SQLiteDatabase) {
        self.database = database
        skips = database.skippedRows
    }

    func create(_ draft: ScheduledItemDraft, now: Timestamp) throws(StorageError) -> ScheduledItem {
        try database.write { [skips] (connection) throws(StorageError) -> ScheduledItem in
            let item = try ScheduledItemWriteRule.created(draft, among: try Self.all(on: connection, skipping: skips), at: now)
            try connection.run(
                SQLiteScheduledItemSQL.insert,
                [.text(item.id)] + SQLiteScheduledItemSQL.values(of: draft) + [.integer(now.millisecondsSince1970)])
            return item
        }
    }

    func get(id: String) throws(StorageError) -> ScheduledItem? {
        try database.readers.read { [skips] (connection) throws(StorageError) -> ScheduledItem? in
            try Self.item(id: id, on: connection, skipping: skips)
        }
    }

    func all() throws(StorageError) -> [StoredScheduledItem] {
        try database.readers.read { [skips] (connection) throws(StorageError) in try Self.all(on: connection, skipping: skips) }
    }

    func update(
        id: String, to draft: ScheduledItemDraft, expectedRevision: Int64?, now: Timestamp
    ) throws(StorageError) -> ScheduledItemWriteResult {
        try database.write { [skips] (connection) throws(StorageError) -> ScheduledItemWriteResult in
            let items = try Self.all(on: connection, skipping: skips)
            let result = try ScheduledItemWriteRule.update(id: id, to: draft, among: items, expectedRevision: expectedRevision, at: now)
            if case .done(_, let after?) = result {
                try connection.run(SQLiteScheduledItemSQL.update, SQLiteScheduledItemSQL.values(of: draft) + [.integer(after.revision), .text(id)])
            }
            return result
        }
    }

    func delete(id: String, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult {
        try database.write { [skips] (connection) throws(StorageError) -> ScheduledItemWriteResult in
            let result = ScheduledItemWriteRule.delete(try Self.item(id: id, on: connection, skipping: skips), expectedRevision: expectedRevision)
            if case .done = result { try connection.run(SQLiteScheduledItemSQL.delete, [.integer(now.millisecondsSince1970), .text(id)]) }
            return result
        }
    }

    func purge(leftBefore cutoff: Timestamp) throws(StorageError) -> Int {
        try database.write { (connection) throws(StorageError) -> Int in
            let before = try connection.integer("SELECT count(*) FROM scheduled_items")
            try connection.run(SQLiteScheduledItemSQL.purge, [.integer(cutoff.millisecondsSince1970), .integer(cutoff.millisecondsSince1970)])
            return Int(before - (try connection.integer("SELECT count(*) FROM scheduled_items")))
        }
    }

    /// Every item not purged that reads, read on `connection` (one that does not is skipped).
    private static func all(on connection: SQLiteConnection, skipping skips: StoredRowSkips) throws(StorageError) -> [StoredScheduledItem] {
        skips.kept(try connection.rows(SQLiteScheduledItemSQL.all, [], SQLiteScheduledItemSQL.item))
    }

    /// The item with `id`, unless deleted or it does not read, read on `connection`.
    private static func item(id: String, on connection: SQLiteConnection, skipping skips: StoredRowSkips) throws(StorageError) -> ScheduledItem? {
        skips.kept(try connection.firstRow(SQLiteScheduledItemSQL.byID, [.text(id)], SQLiteScheduledItemSQL.item).map { [$0] } ?? [])
            .first?.item
    }
}
