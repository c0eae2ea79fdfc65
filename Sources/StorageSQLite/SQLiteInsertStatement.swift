/// The tables rows are inserted into through the group commit, each with its fixed SQL: one
/// case per table, so a row names its table by type, and rows are merged into one statement
/// only with rows of the same table.
enum SQLiteInsertStatement: Sendable, Equatable {
    /// A contact (see `SQLiteContactSQL`); the key column is `id`.
    case contact

    /// `table (column, ...)`.
    private var target: String {
        switch self {
        case .contact: SQLiteContactSQL.insertTarget
        }
    }

    /// `(?, ?, ...)`: one row's placeholders.
    private var placeholders: String {
        switch self {
        case .contact: SQLiteContactSQL.insertPlaceholders
        }
    }

    /// A UNIQUE column, whose value tells the rows of a multi-row insert apart.
    private var keyColumn: String {
        switch self {
        case .contact: "id"
        }
    }

    /// How many rows of the table one account holds; its one value is the account's key.
    var countSQL: String {
        switch self {
        case .contact: SQLiteContactSQL.countOfAccount
        }
    }

    /// `INSERT` of `rows` rows.
    func sql(rows: Int) -> String {
        "INSERT INTO \(target) VALUES " + repeatElement(placeholders, count: rows).joined(separator: ", ")
    }

    /// `INSERT` of `rows` rows, returning each row's key and rowid.
    func sqlReturningKeys(rows: Int) -> String {
        sql(rows: rows) + " RETURNING \(keyColumn), rowid"
    }
}
