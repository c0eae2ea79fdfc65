import CSQLite3
import QuickActions
import StorageCore

/// The SQL the SQLite repository runs: fixed text chosen from constants, values always bound.
enum SQLiteContactSQL {
    /// The columns `contact(_:)` reads, in order.
    static let columns = "c.seq, c.id, c.name, c.email, c.favorite, c.created_ms, c.updated_ms, c.revision, c.pin_order, c.usage_key"
    /// Values: id, account.
    static let byID = "SELECT \(columns) FROM contacts c WHERE c.id = ? AND c.account = ?"
    /// A new contact's row (`SQLiteRowInsert`): the table and columns, and one row's values.
    static let insertTarget = "contacts (account, id, name, email, favorite, created_ms, updated_ms, revision, search_key)"
    static let insertPlaceholders = "(?, ?, ?, ?, ?, ?, ?, 1, ?)"
    /// Leaves `usage_key` alone: only a trigger's transaction changes it (`usage`).
    static let update = """
        UPDATE contacts SET name = ?, email = ?, favorite = ?, updated_ms = ?, revision = ?, search_key = ?, pin_order = ? WHERE seq = ?
        """
    /// Values: account. The pin order a contact pinned now takes (one more than any of the account's).
    static let nextPinOrder = "SELECT coalesce(max(pin_order), 0) + 1 FROM contacts WHERE account = ?"
    /// Values: account, id. The sequence and usage key of the favorite with that id.
    static let favoriteUsage = "SELECT seq, usage_key FROM contacts WHERE account = ? AND id = ? AND favorite = 1"
    /// Values: usage key, sequence.
    static let setUsage = "UPDATE contacts SET usage_key = ? WHERE seq = ?"
    static let delete = "DELETE FROM contacts WHERE seq = ?"
    /// Values: account.
    static let favorites = "SELECT \(columns) FROM contacts c WHERE c.account = ? AND c.favorite = 1 ORDER BY c.seq"
    /// The candidates for contacts named `key` (a `ContactName.key`): those whose search key
    /// starts with the folded name and U+001F. Folding is the same for every canonically
    /// equivalent spelling, so NFC and NFD names are both candidates; the caller keeps those
    /// that `ContactName.matches` (SQLite compares bytes, not canonical equivalence).
    ///
    /// There is no index on names (it would cost every insert a page write): the candidates come
    /// from the trigram index, checked with `instr` on the base table. A name that folds to
    /// fewer than two characters scans.
    static func named(_ key: String, account: AccountKey) -> (sql: String, values: [SQLiteValue]) {
        let prefix = SearchFolding.fold(key) + "\u{1F}"
        guard prefix.unicodeScalars.count >= 3 else {
            return (
                "SELECT \(columns) FROM contacts c WHERE c.account = ? AND instr(c.search_key, ?) = 1 ORDER BY c.seq",
                [.integer(account.rawValue), .text(prefix)]
            )
        }
        return (
            "SELECT \(columns) FROM contacts_search s CROSS JOIN contacts c ON c.seq = s.rowid "
                + "WHERE contacts_search MATCH ? AND instr(c.search_key, ?) = 1 AND c.account = ? ORDER BY s.rowid",
            [.text(SQLiteContactQuerySQL.phrase(prefix)), .text(prefix), .integer(account.rawValue)]
        )
    }
    /// Values: account. Its contacts, counted through the (account, seq) index.
    static let countOfAccount = "SELECT count(*) FROM contacts WHERE account = ?"
    /// Values: account twice.
    static let counts = "SELECT (SELECT count(*) FROM contacts WHERE account = ?), (SELECT count(*) FROM contacts WHERE account = ? AND favorite = 1)"
    static let ping = "SELECT 1"

    /// The contact in the current row of a statement selecting `columns`.
    static func contact(_ row: SQLiteStatement) -> Contact {
        Contact(
            id: row.text(at: 1), name: row.text(at: 2), email: row.optionalText(at: 3), favorite: row.int64(at: 4) != 0,
            createdAt: Timestamp(millisecondsSince1970: row.int64(at: 5)),
            updatedAt: Timestamp(millisecondsSince1970: row.int64(at: 6)), revision: row.int64(at: 7), sequence: row.int64(at: 0),
            pinOrder: row.optionalInt64(at: 8), usageKey: row.optionalDouble(at: 9))
    }

    /// `contact(_:)`, or an `UndecodableRow` when the row's columns do not hold what the schema
    /// says (SQLite keeps any value in any column: text where a time should be would read as
    /// 1970) or a time is outside the years 0001–9999 (`Contact.checkedAsStored`).
    static func checkedContact(_ row: SQLiteStatement) -> Result<Contact, UndecodableRow> {
        let text = [1, 2].allSatisfy { row.holds(SQLITE_TEXT, at: $0) } && (row.holds(SQLITE_TEXT, at: 3) || row.holds(SQLITE_NULL, at: 3))
        let integers = [0, 4, 5, 6, 7].allSatisfy { row.holds(SQLITE_INTEGER, at: $0) }
        let optional =
            (row.holds(SQLITE_INTEGER, at: 8) || row.holds(SQLITE_NULL, at: 8)) && !row.holds(SQLITE_TEXT, at: 9) && !row.holds(SQLITE_BLOB, at: 9)
        guard text, integers, optional else {
            return .failure(UndecodableRow(table: Contact.table, id: row.text(at: 1), reason: "a column does not hold the type the schema says"))
        }
        return contact(row).checkedAsStored()
    }

    /// The stored search key. SQLite compares it by bytes (Unicode scalars), where Swift's
    /// `String.contains` in `ContactQuery.matches` also applies canonical equivalence and some
    /// grapheme rules: the two agree except for text that folding leaves with conjoining
    /// jamo or Indic conjuncts (see the known issue in the contract tests).
    static func searchKey(name: String, email: String?) -> String {
        SearchFolding.key(name: name, email: email)
    }

    /// The values of `insert`.
    static func insertValues(id: String, _ contact: NewContact, now: Timestamp, account: AccountKey) -> [SQLiteValue] {
        [
            .integer(account.rawValue), .text(id), .text(contact.name), .optionalText(contact.email), .bool(contact.favorite),
            .integer(now.millisecondsSince1970), .integer(now.millisecondsSince1970),
            .text(searchKey(name: contact.name, email: contact.email)),
        ]
    }

    /// The values of `update`, which writes every mutable column of `contact`.
    static func updateValues(_ contact: Contact) -> [SQLiteValue] {
        [
            .text(contact.name), .optionalText(contact.email), .bool(contact.favorite), .integer(contact.updatedAt.millisecondsSince1970),
            .integer(contact.revision), .text(searchKey(name: contact.name, email: contact.email)), .optionalInteger(contact.pinOrder),
            .integer(contact.sequence),
        ]
    }
}
