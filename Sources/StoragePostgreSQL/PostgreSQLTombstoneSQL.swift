import QuickActions
import StorageCore

/// The tombstones' statements (migration 3): constants, values always bound.
enum PostgreSQLTombstoneSQL {
    /// Values: account, contact id, reason, since. Keeps the contact's tombstone, replacing any.
    static let keep = """
        INSERT INTO tombstones (account, contact_id, reason, since_ms) VALUES ($1, $2, $3, $4) \
        ON CONFLICT (account, contact_id) DO UPDATE SET reason = excluded.reason, since_ms = excluded.since_ms
        """
    /// Values: reason, since, account, contact id. Replaces the contact's tombstone, if it has one.
    static let replaceExisting = "UPDATE tombstones SET reason = $1, since_ms = $2 WHERE account = $3 AND contact_id = $4"
    /// Values: account, contact id.
    static let remove = "DELETE FROM tombstones WHERE account = $1 AND contact_id = $2"
    /// Values: account. Oldest first.
    static let list = "SELECT contact_id, reason, since_ms FROM tombstones WHERE account = $1 ORDER BY since_ms, contact_id"
    /// Values: cutoff, limit. One batch of the background purge, oldest first.
    static let purgeBatch = """
        DELETE FROM tombstones WHERE (account, contact_id) IN \
        (SELECT account, contact_id FROM tombstones WHERE since_ms < $1 ORDER BY since_ms LIMIT $2)
        """
    static let count = "SELECT count(*) FROM tombstones"

    /// Applies `change` to the tombstones of `account`, in the caller's transaction.
    static func apply(_ change: TombstoneChange, account: AccountKey, on connection: PostgreSQLConnection) throws(StorageError) {
        switch change {
        case .none:
            return
        case .keep(let tombstone):
            guard case .contact(let id) = tombstone.subject else { return }
            try connection.execute(
                keep, [.integer(account.rawValue), .text(id), .text(tombstone.reason.rawValue), .integer(tombstone.since.millisecondsSince1970)])
        case .replaceExisting(let tombstone):
            guard case .contact(let id) = tombstone.subject else { return }
            try connection.execute(
                replaceExisting,
                [.text(tombstone.reason.rawValue), .integer(tombstone.since.millisecondsSince1970), .integer(account.rawValue), .text(id)])
        case .remove(let subject):
            guard case .contact(let id) = subject else { return }
            try connection.execute(remove, [.integer(account.rawValue), .text(id)])
        }
    }

    /// The tombstone in `row` of a result of `list`.
    static func tombstone(_ result: PostgreSQLResult, _ row: Int) -> Result<Tombstone, UndecodableRow> {
        StoredTombstone.checkedFavorite(contactId: result.text(row, 0), reason: result.text(row, 1), since: result.int64(row, 2))
    }
}
