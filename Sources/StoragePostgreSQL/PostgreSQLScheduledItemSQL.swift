import QuickActions
import StorageCore

/// The scheduled items' SQL (migration 4): constants, values always bound.
enum PostgreSQLScheduledItemSQL {
    /// The columns `item` reads, in order.
    private static let columns =
        "id, type, title, subtitle, icon, user_info, from_ms, until_ms, accounts, created_ms, revision, deleted_ms"
    /// Serialises the writes of scheduled items across instances (the room is counted under it);
    /// reads go on.
    static let lock = "LOCK TABLE scheduled_items IN SHARE ROW EXCLUSIVE MODE"
    /// Every item not purged, in creation order.
    static let all = "SELECT \(columns) FROM scheduled_items ORDER BY seq"
    /// Values: id. The item, unless deleted.
    static let byID = "SELECT \(columns) FROM scheduled_items WHERE id = $1 AND deleted_ms IS NULL"
    /// Values: id, type, title, subtitle, icon, userInfo, from, until, accounts, created.
    static let insert = """
        INSERT INTO scheduled_items (id, type, title, subtitle, icon, user_info, from_ms, until_ms, accounts, created_ms, revision) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 1)
        """
    /// Values: type, title, subtitle, icon, userInfo, from, until, accounts, revision, id.
    static let update = """
        UPDATE scheduled_items SET type = $1, title = $2, subtitle = $3, icon = $4, user_info = $5, from_ms = $6, until_ms = $7, \
        accounts = $8, revision = $9 WHERE id = $10
        """
    /// Values: deleted, id.
    static let delete = "UPDATE scheduled_items SET deleted_ms = $1 WHERE id = $2"
    /// Values: cutoff.
    static let purge = "DELETE FROM scheduled_items WHERE until_ms < $1 OR deleted_ms < $1"

    /// The items of `result` that read; each row that does not is skipped (`skips`).
    static func items(_ result: PostgreSQLResult, skipping skips: StoredRowSkips) -> [StoredScheduledItem] {
        skips.kept(
            (0..<result.count).map { row in
                StoredScheduledItem.decode(
                    id: result.text(row, 0), type: result.text(row, 1), title: result.text(row, 2), subtitle: result.optionalText(row, 3),
                    icon: result.optionalText(row, 4), userInfo: result.optionalText(row, 5), fromMilliseconds: result.int64(row, 6),
                    untilMilliseconds: result.int64(row, 7), accounts: result.optionalText(row, 8), createdMilliseconds: result.int64(row, 9),
                    revision: result.int64(row, 10), deletedMilliseconds: result.optionalInt64(row, 11))
            })
    }

    /// The values of a draft's columns, from `type` through `accounts`, as `insert` and `update` bind them.
    static func values(of draft: ScheduledItemDraft) -> [PostgreSQLValue] {
        let json = StoredScheduledItem.columns(of: draft)
        return [
            .text(draft.type), .text(json.title), .optionalText(json.subtitle), .optionalText(json.icon), .optionalText(json.userInfo),
            .integer(draft.from.millisecondsSince1970), .integer(draft.until.millisecondsSince1970), .optionalText(json.accounts),
        ]
    }
}
