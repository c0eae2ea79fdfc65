import QuickActions
import StorageCore

/// The PostgreSQL account statements: constants, values always bound.
enum PostgreSQLAccountSQL {
    static let columns = "key, id, name, created_ms"
    /// Values: id, name, created_ms, token digest.
    static let insert = "INSERT INTO accounts (id, name, created_ms, token_digest) VALUES ($1, $2, $3, $4) RETURNING key"
    static let byID = "SELECT \(columns) FROM accounts WHERE id = $1"
    static let byTokenDigest = "SELECT \(columns) FROM accounts WHERE token_digest = $1"
    /// Values: the key to start after, the limit.
    static let page = "SELECT \(columns) FROM accounts WHERE key > $1 ORDER BY key LIMIT $2"
    /// Values: digest, id.
    static let replaceToken = "UPDATE accounts SET token_digest = $1 WHERE id = $2 RETURNING \(columns)"
    static let count = "SELECT count(*) FROM accounts"
    /// Values: created_ms. The account `default` (key 1, as migration 1 made it), unless it exists.
    static let restoreDefault = "INSERT INTO accounts (key, id, name, created_ms) VALUES (1, 'default', 'default', $1) ON CONFLICT DO NOTHING"
    /// What deleting an account removes, in order, each with the account's key bound.
    static let deleteHoldings = [
        "DELETE FROM contacts WHERE account = $1",
        "DELETE FROM triggers WHERE account = $1",
        "DELETE FROM idempotency_answers WHERE account = $1",
        "DELETE FROM tombstones WHERE account = $1",
        "DELETE FROM accounts WHERE key = $1",
    ]

    /// The account in `row` of a result selecting `columns`.
    static func account(_ result: PostgreSQLResult, _ row: Int) -> Account {
        Account(
            key: AccountKey(result.int64(row, 0)), id: result.text(row, 1), name: result.text(row, 2),
            createdAt: Timestamp(millisecondsSince1970: result.int64(row, 3)))
    }
}
