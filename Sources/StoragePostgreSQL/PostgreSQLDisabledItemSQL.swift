import QuickActions
import StorageCore

/// The disabled items' statements (migration 3): constants, values always bound. Their table
/// keeps the name it has in every database already made, `tombstones`.
enum PostgreSQLDisabledItemSQL {
    /// Values: account, contact id, reason, since. Keeps the contact's disabled item, replacing any.
    static let keep = """
        INSERT INTO tombstones (account, contact_id, reason, since_ms) VALUES ($1, $2, $3, $4) \
        ON CONFLICT (account, contact_id) DO UPDATE SET reason = excluded.reason, since_ms = excluded.since_ms
        """
    /// Values: reason, since, account, contact id. Replaces the contact's disabled item, if it has one.
    static let replaceExisting = "UPDATE tombstones SET reason = $1, since_ms = $2 WHERE account = $3 AND contact_id = $4"
    /// Values: account, contact id.
    static let remove = "DELETE FROM tombstones WHERE account = $1 AND contact_id = $2"
    /// Values: account, limit. The newest `limit`, oldest first (a database written before the
    /// limit, or under a higher one, lists no more than it either).
    static let list = """
        SELECT contact_id, reason, since_ms FROM (SELECT contact_id, reason, since_ms FROM tombstones WHERE account = $1 \
        ORDER BY since_ms DESC, contact_id DESC LIMIT $2) AS newest ORDER BY since_ms, contact_id
        """
    /// Values: account. Locks the account's row until the transaction ends, so that the `trim`
    /// after it counts the disabled items every other instance committed meanwhile (a statement of
    /// its own: a statement sees only what was committed when it began).
    static let lockAccount = "SELECT key FROM accounts WHERE key = $1 FOR NO KEY UPDATE"
    /// Values: account, limit. Deletes the account's disabled items past the newest `limit` (the
    /// `StoreLimits.maxDisabledItems` bound).
    static let trim = """
        DELETE FROM tombstones WHERE account = $1 AND contact_id IN \
        (SELECT contact_id FROM tombstones WHERE account = $1 ORDER BY since_ms DESC, contact_id DESC OFFSET $2)
        """
    /// Values: cutoff, limit. One batch of the background purge, oldest first.
    static let purgeBatch = """
        DELETE FROM tombstones WHERE (account, contact_id) IN \
        (SELECT account, contact_id FROM tombstones WHERE since_ms < $1 ORDER BY since_ms LIMIT $2)
        """
    static let count = "SELECT count(*) FROM tombstones"

    /// Applies `change` to the disabled items of `account`, in the caller's transaction; a kept
    /// disabled item then leaves the account no more than `limit`, the newest, whatever other
    /// instances write at the same time.
    static func apply(_ change: DisabledItemChange, account: AccountKey, limit: Int, on connection: PostgreSQLConnection) throws(StorageError) {
        switch change {
        case .none:
            return
        case .keep(let disabledItem):
            guard case .contact(let id) = disabledItem.subject else { return }
            try connection.execute(
                keep,
                [.integer(account.rawValue), .text(id), .text(disabledItem.reason.rawValue), .integer(disabledItem.since.millisecondsSince1970)])
            try connection.execute(lockAccount, [.integer(account.rawValue)])
            try connection.execute(trim, [.integer(account.rawValue), .integer(Int64(limit))])
        case .replaceExisting(let disabledItem):
            guard case .contact(let id) = disabledItem.subject else { return }
            try connection.execute(
                replaceExisting,
                [.text(disabledItem.reason.rawValue), .integer(disabledItem.since.millisecondsSince1970), .integer(account.rawValue), .text(id)])
        case .remove(let subject):
            guard case .contact(let id) = subject else { return }
            try connection.execute(remove, [.integer(account.rawValue), .text(id)])
        }
    }

    /// The disabled item in `row` of a result of `list`.
    static func disabledItem(_ result: PostgreSQLResult, _ row: Int) -> Result<DisabledItem, UndecodableRow> {
        StoredDisabledItem.checkedFavorite(contactId: result.text(row, 0), reason: result.text(row, 1), since: result.int64(row, 2))
    }
}
