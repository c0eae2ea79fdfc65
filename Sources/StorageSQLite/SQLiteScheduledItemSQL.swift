import QuickActions
import StorageCore

/// The scheduled items' SQL (migration 10): constants, values always bound.
enum SQLiteScheduledItemSQL {
    /// The columns `item` reads, in order.
    private static let columns =
        "id, type, title, subtitle, icon, user_info, from_ms, until_ms, accounts, created_ms, revision, deleted_ms"
    /// Every item not purged, in creation order.
    static let all = "SELECT \(columns) FROM scheduled_items ORDER BY seq"
    /// Values: id. The item, unless deleted.
    static let byID = "SELECT \(columns) FROM scheduled_items WHERE id = ? AND deleted_ms IS NULL"
    /// Values: id, type, title, subtitle, icon, userInfo, from, until, accounts, created.
    static let insert = """
        INSERT INTO scheduled_items (id, type, title, subtitle, icon, user_info, from_ms, until_ms, accounts, created_ms, revision) \
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
        """
    /// Values: type, title, subtitle, icon, userInfo, from, until, accounts, revision, id.
    static let update = """
        UPDATE scheduled_items SET type = ?, title = ?, subtitle = ?, icon = ?, user_info = ?, from_ms = ?, until_ms = ?, accounts = ?, \
        revision = ? WHERE id = ?
        """
    /// Values: deleted, id.
    static let delete = "UPDATE scheduled_items SET deleted_ms = ? WHERE id = ?"
    /// Values: cutoff, twice.
    static let purge = """
        DELETE FROM scheduled_items WHERE until_ms < ? OR (deleted_ms IS NOT NULL AND deleted_ms < ?)
        """

    /// The item in the current row of `all` or `byID`.
    static func item(_ row: SQLiteStatement) -> Result<StoredScheduledItem, UndecodableRow> {
        StoredScheduledItem.decode(
            id: row.text(at: 0), type: row.text(at: 1), title: row.text(at: 2), subtitle: row.optionalText(at: 3), icon: row.optionalText(at: 4),
            userInfo: row.optionalText(at: 5), fromMilliseconds: row.int64(at: 6), untilMilliseconds: row.int64(at: 7),
            accounts: row.optionalText(at: 8), createdMilliseconds: row.int64(at: 9), revision: row.int64(at: 10),
            deletedMilliseconds: row.optionalInt64(at: 11))
    }

    /// The values of a draft's columns, from `type` through `accounts`, as `insert` and `update` bind them.
    static func values(of draft: ScheduledItemDraft) -> [SQLiteValue] {
        let json = StoredScheduledItem.columns(of: draft)
        return [
            .text(draft.type), .text(json.title), .optionalText(json.subtitle), .optionalText(json.icon), .optionalText(json.userInfo),
            .integer(draft.from.millisecondsSince1970), .integer(draft.until.millisecondsSince1970), .optionalText(json.accounts),
        ]
    }
}
