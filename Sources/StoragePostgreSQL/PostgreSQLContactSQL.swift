import QuickActions
import StorageCore

/// The PostgreSQL contact statements: constants, values always bound (`$n`). The semantics are
/// `SQLiteContactSQL`'s: the search key is folded in Swift (`SearchFolding`) and a search is a
/// substring of it, compared by Unicode scalars (`LIKE` with the wildcards escaped; the
/// `pg_trgm` index, when the server has it, serves patterns of three characters or more).
enum PostgreSQLContactSQL {
    /// The columns `contact(_:_:)` reads, in order.
    static let columns = "seq, id, name, email, favorite, created_ms, updated_ms, revision, pin_order, usage_key"
    /// Values: id, account.
    static let byID = "SELECT \(columns) FROM contacts WHERE id = $1 AND account = $2"
    /// `byID`, locking the row until the transaction ends: a conditional write of another
    /// instance waits, then reads the revision this one wrote.
    static let byIDForUpdate = byID + " FOR UPDATE"
    /// Values: account, id, name, email, favorite, created, updated, search key.
    static let insert = """
        INSERT INTO contacts (account, id, name, email, favorite, created_ms, updated_ms, revision, search_key) \
        VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8) RETURNING seq
        """
    /// `insert` of `rows` rows in one statement (values row after row), returning each row's id and sequence.
    static func insertReturningIDs(rows: Int) -> String {
        insertValues(rows: rows) + " RETURNING id, seq"
    }

    /// The `INSERT … VALUES` of `rows` rows, without its `RETURNING`.
    private static func insertValues(rows: Int) -> String {
        let placeholders = (0..<rows).map { row in
            let base = row * 8
            return "($\(base + 1), $\(base + 2), $\(base + 3), $\(base + 4), $\(base + 5), $\(base + 6), $\(base + 7), 1, $\(base + 8))"
        }
        return "INSERT INTO contacts (account, id, name, email, favorite, created_ms, updated_ms, revision, search_key) VALUES "
            + placeholders.joined(separator: ", ")
    }

    /// `insertReturningIDs` as one autocommitted statement that also sends the
    /// `PostgreSQLChangeNotice` of each row that is a favorite (delivered at its commit; see
    /// `PostgreSQLContactRepository.createNotices`): the instance's id is the last parameter.
    static func insertNotifying(rows: Int) -> String {
        rows < insertNotifyingStatements.count ? insertNotifyingStatements[rows] : makeInsertNotifying(rows: rows)
    }

    /// `insertNotifying` for batches of up to 64 rows, written once: a batch's statement is
    /// then found, not built (building it was a tenth of a durable create's time).
    private static let insertNotifyingStatements = (0...64).map(makeInsertNotifying(rows:))

    private static func makeInsertNotifying(rows: Int) -> String {
        "WITH ins AS (\(insertValues(rows: rows)) RETURNING id, seq, account, favorite) "
            + "SELECT id, seq, CASE WHEN favorite THEN pg_notify('\(PostgreSQLChangeNotice.channel)', $\(rows * 8 + 1) || ':"
            + PostgreSQLChangeNotice.Kind.contact.rawValue + ":' || account || ':' || seq) END FROM ins"
    }

    /// Values: account keys (a text array of numbers). Locks the rows of those accounts that
    /// exist, in key order, until the transaction ends, and returns their keys: a create's
    /// quota is checked under it (`PostgreSQLContactInsertWrite.admitted`). `NO KEY UPDATE`
    /// waits for another admission or a deletion of the account, not for the foreign keys'
    /// `KEY SHARE` of other writes.
    static let lockAccounts = "SELECT key FROM accounts WHERE key = ANY($1::text[]::bigint[]) ORDER BY key FOR NO KEY UPDATE"
    /// Values: account keys (a text array of numbers). Each one's contacts that hold any.
    static let countsOfAccounts = "SELECT account, count(*) FROM contacts WHERE account = ANY($1::text[]::bigint[]) GROUP BY account"
    /// Values: ids (a text array). The sequences of those of them that are stored.
    static let sequencesOfIDs = "SELECT id, seq FROM contacts WHERE id = ANY($1)"

    /// Values: `updateValues`. Leaves `usage_key` alone: only a trigger's transaction changes it.
    static let update = """
        UPDATE contacts SET name = $1, email = $2, favorite = $3, updated_ms = $4, revision = $5, search_key = $6, pin_order = $7 WHERE seq = $8
        """
    /// Values: account. The pin order a contact pinned now takes (one more than any of the
    /// account's), under the account row's lock (as a create's quota check takes it), so two
    /// instances pinning at once take two orders.
    static let nextPinOrder = """
        WITH locked AS (SELECT key FROM accounts WHERE key = $1 FOR NO KEY UPDATE) \
        SELECT coalesce(max(pin_order), 0) + 1 FROM contacts WHERE account = (SELECT key FROM locked)
        """
    /// Values: account, sequences (a text array of numbers). Those of the account's contacts that are stored.
    static let bySequences = "SELECT \(columns) FROM contacts WHERE account = $1 AND seq = ANY($2::text[]::bigint[])"
    /// Values: account, id. The sequence and usage key of the favorite with that id, locked
    /// until the transaction ends (a concurrent pick of another instance waits, then reads this one's key).
    static let favoriteUsage = "SELECT seq, usage_key FROM contacts WHERE account = $1 AND id = $2 AND favorite FOR UPDATE"
    /// Values: account, sequence. The usage key of the favorite with that sequence.
    static let usageBySequence = "SELECT usage_key FROM contacts WHERE account = $1 AND seq = $2 AND favorite AND usage_key IS NOT NULL"
    /// Values: usage key, sequence.
    static let setUsage = "UPDATE contacts SET usage_key = $1 WHERE seq = $2"
    static let delete = "DELETE FROM contacts WHERE seq = $1"
    /// Values: account.
    static let favorites = "SELECT \(columns) FROM contacts WHERE account = $1 AND favorite ORDER BY seq"
    /// Values: account, the folded name followed by U+001F (see `SQLiteContactSQL.named`).
    static let named = "SELECT \(columns) FROM contacts WHERE account = $1 AND starts_with(search_key, $2) ORDER BY seq"
    /// Values: account.
    static let counts = "SELECT (SELECT count(*) FROM contacts WHERE account = $1), (SELECT count(*) FROM contacts WHERE account = $1 AND favorite)"

    /// The contact in `row` of a result selecting `columns`.
    static func contact(_ result: PostgreSQLResult, _ row: Int) -> Contact {
        Contact(
            id: result.text(row, 1), name: result.text(row, 2), email: result.optionalText(row, 3), favorite: result.bool(row, 4),
            createdAt: Timestamp(millisecondsSince1970: result.int64(row, 5)), updatedAt: Timestamp(millisecondsSince1970: result.int64(row, 6)),
            revision: result.int64(row, 7), sequence: result.int64(row, 0), pinOrder: result.optionalInt64(row, 8),
            usageKey: result.optionalDouble(row, 9))
    }

    /// The values of `insert`.
    static func insertValues(id: String, _ contact: NewContact, now: Timestamp, account: AccountKey) -> [PostgreSQLValue] {
        [
            .integer(account.rawValue), .text(id), .text(contact.name), .optionalText(contact.email), .bool(contact.favorite),
            .integer(now.millisecondsSince1970), .integer(now.millisecondsSince1970),
            .text(SearchFolding.key(name: contact.name, email: contact.email)),
        ]
    }

    /// The values of `update`, which writes every mutable column of `contact`.
    static func updateValues(_ contact: Contact) -> [PostgreSQLValue] {
        [
            .text(contact.name), .optionalText(contact.email), .bool(contact.favorite), .integer(contact.updatedAt.millisecondsSince1970),
            .integer(contact.revision), .text(SearchFolding.key(name: contact.name, email: contact.email)), .optionalInteger(contact.pinOrder),
            .integer(contact.sequence),
        ]
    }

    /// A query's filters: the page statement, the count statement and their values (the
    /// page's cursor and limit come last).
    static func query(_ query: ContactQuery, account: AccountKey) -> (page: String, count: String, values: [PostgreSQLValue]) {
        var conditions = ["account = $1"]
        var values: [PostgreSQLValue] = [.integer(account.rawValue)]
        if let flag = query.favorite {
            values.append(.bool(flag))
            conditions.append("favorite = $\(values.count)")
        }
        if let folded = query.text.map(SearchFolding.fold), !folded.isEmpty {
            values.append(.text("%" + LikePattern.escaped(folded) + "%"))
            conditions.append(#"search_key LIKE $\#(values.count) ESCAPE '\'"#)
        }
        let filter = conditions.joined(separator: " AND ")
        let page = "SELECT \(columns) FROM contacts WHERE \(filter) AND seq > $\(values.count + 1) ORDER BY seq LIMIT $\(values.count + 2)"
        return (page, "SELECT count(*) FROM contacts WHERE \(filter)", values)
    }
}
