import QuickActions
import StorageCore

/// The accounts' SQL: constants, values always bound.
enum SQLiteAccountSQL {
    static let columns = "key, id, name, created_ms"
    /// Values: id, name, created_ms, token digest.
    static let insert = "INSERT INTO accounts (id, name, created_ms, token_digest) VALUES (?, ?, ?, ?) RETURNING key"
    static let byID = "SELECT \(columns) FROM accounts WHERE id = ?"
    static let byTokenDigest = "SELECT \(columns) FROM accounts WHERE token_digest = ?"
    /// Values: the key to start after, the limit.
    static let page = "SELECT \(columns) FROM accounts WHERE key > ? ORDER BY key LIMIT ?"
    /// Values: digest, id.
    static let replaceToken = "UPDATE accounts SET token_digest = ? WHERE id = ? RETURNING \(columns)"
    static let count = "SELECT count(*) FROM accounts"
    /// Values: created_ms. The account `default` (key 1, as migration 6 made it), unless it exists.
    static let restoreDefault = "INSERT OR IGNORE INTO accounts (key, id, name, created_ms) VALUES (1, 'default', 'default', ?)"
    /// Whether any account but `default` exists (or existed: keys are never reused).
    static let othersExist =
        "SELECT EXISTS (SELECT 1 FROM accounts WHERE key <> 1) OR coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'accounts'), 1) > 1"
    /// What deleting an account removes, in order, each with the account's key bound.
    static let deleteHoldings = [
        "DELETE FROM contacts WHERE account = ?",
        "DELETE FROM triggers WHERE account = ?",
        "DELETE FROM idempotency_answers WHERE account = ?",
        "DELETE FROM tombstones WHERE account = ?",
        "DELETE FROM accounts WHERE key = ?",
    ]

    /// The account in the current row of a statement selecting `columns`.
    static func account(_ row: SQLiteStatement) -> Account {
        Account(
            key: AccountKey(row.int64(at: 0)), id: row.text(at: 1), name: row.text(at: 2),
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 3)))
    }
}
