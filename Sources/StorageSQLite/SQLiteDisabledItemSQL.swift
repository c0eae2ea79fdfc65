import CSQLite3
import QuickActions
import StorageCore

/// The disabled items' SQL (migration 9): constants, values always bound. Their table keeps the
/// name it has in every database already made, `tombstones`.
enum SQLiteDisabledItemSQL {
    /// Values: account, contact id, reason, since. Keeps the contact's disabled item, replacing any.
    static let keep = """
        INSERT INTO tombstones (account, contact_id, reason, since_ms) VALUES (?, ?, ?, ?) \
        ON CONFLICT (account, contact_id) DO UPDATE SET reason = excluded.reason, since_ms = excluded.since_ms
        """
    /// Values: reason, since, account, contact id. Replaces the contact's disabled item, if it has one.
    static let replaceExisting = "UPDATE tombstones SET reason = ?, since_ms = ? WHERE account = ? AND contact_id = ?"
    /// Values: account, contact id.
    static let remove = "DELETE FROM tombstones WHERE account = ? AND contact_id = ?"
    /// Values: account, limit. The newest `limit`, oldest first (a database written before the
    /// limit, or under a higher one, lists no more than it either).
    static let list = """
        SELECT contact_id, reason, since_ms FROM (SELECT contact_id, reason, since_ms FROM tombstones WHERE account = ? \
        ORDER BY since_ms DESC, contact_id DESC LIMIT ?) ORDER BY since_ms, contact_id
        """
    /// Values: account, account, limit. Deletes the account's disabled items past the newest `limit`
    /// (the `StoreLimits.maxDisabledItems` bound); reads at most `limit` + 1 rows of the primary key's prefix.
    static let trim = """
        DELETE FROM tombstones WHERE account = ? AND contact_id IN \
        (SELECT contact_id FROM tombstones WHERE account = ? ORDER BY since_ms DESC, contact_id DESC LIMIT -1 OFFSET ?)
        """
    /// Values: cutoff, limit. One batch of the background purge, oldest first (one row returned per disabled item).
    static let purgeBatch = """
        DELETE FROM tombstones WHERE rowid IN (SELECT rowid FROM tombstones WHERE since_ms < ? ORDER BY since_ms LIMIT ?) RETURNING account
        """
    static let count = "SELECT count(*) FROM tombstones"

    /// Applies `change` to the disabled items of `account`, in the caller's transaction; a kept
    /// disabled item then leaves the account no more than `limit`, the newest.
    static func apply(_ change: DisabledItemChange, account: AccountKey, limit: Int, on connection: SQLiteConnection) throws(StorageError) {
        switch change {
        case .none:
            return
        case .keep(let disabledItem):
            guard case .contact(let id) = disabledItem.subject else { return }
            try connection.run(
                keep,
                [.integer(account.rawValue), .text(id), .text(disabledItem.reason.rawValue), .integer(disabledItem.since.millisecondsSince1970)])
            try connection.run(trim, [.integer(account.rawValue), .integer(account.rawValue), .integer(Int64(limit))])
        case .replaceExisting(let disabledItem):
            guard case .contact(let id) = disabledItem.subject else { return }
            try connection.run(
                replaceExisting,
                [.text(disabledItem.reason.rawValue), .integer(disabledItem.since.millisecondsSince1970), .integer(account.rawValue), .text(id)])
        case .remove(let subject):
            guard case .contact(let id) = subject else { return }
            try connection.run(remove, [.integer(account.rawValue), .text(id)])
        }
    }

    /// The disabled item in the current row of `list`.
    static func disabledItem(_ row: SQLiteStatement) -> Result<DisabledItem, UndecodableRow> {
        guard row.holds(SQLITE_TEXT, at: 0), row.holds(SQLITE_TEXT, at: 1), row.holds(SQLITE_INTEGER, at: 2) else {
            return .failure(UndecodableRow(table: DisabledItem.table, id: row.text(at: 0), reason: "a column does not hold the type the schema says"))
        }
        return StoredDisabledItem.checkedFavorite(contactId: row.text(at: 0), reason: row.text(at: 1), since: row.int64(at: 2))
    }
}
