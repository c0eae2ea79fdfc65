import QuickActions
import StorageCore

/// A `ContactQuery`'s filters as SQL: a page statement, the statements for the total, and
/// their values.
///
/// The text is folded as `ContactQuery.matches` folds it. A page of a query of three characters
/// or more comes from the trigram index, checked with `instr` on the base table so results are
/// exact substrings of the search key; shorter queries have no trigram and scan with an escaped
/// `LIKE`.
///
/// The total of a trigram search is counted in the trigram index alone (a phrase of the
/// trigram tokenizer matches exactly where its text is a substring), which is far cheaper than
/// scanning the table. With a favorite filter the index is joined to the table. Short queries count with the same `LIKE` scan as their page (over the
/// whole table: an index narrow enough to make that scan cheaper costs every insert a page write).
///
/// The SQL is picked from constant fragments (a dozen variants in all, so the connection's
/// statement cache stays small) and every value from the query is bound.
struct SQLiteContactQuerySQL {
    /// Selects one page: `pageFilterValues`, then `seq >` the cursor, then the row limit.
    let pageSQL: String
    /// The values of the page's filter conditions, in order.
    let pageFilterValues: [SQLiteValue]
    /// Counts every match of the filters by scanning an index.
    let countSQL: String
    /// The values of `countSQL`.
    let countValues: [SQLiteValue]

    /// The SQL for `query`'s text and favorite filters (the page bounds are bound later).
    /// The query's text, folded once here (folding costs more than the SQL around it).
    let foldedText: String?

    /// `singleAccount`: only the account `default` ever held contacts, so the trigram index
    /// alone counts a search's matches (otherwise each is checked against the table for its account).
    init(_ query: ContactQuery, account: AccountKey, singleAccount: Bool) {
        var pageFrom = "contacts c"
        var countFrom = "contacts c"
        var sequence = "c.seq"
        var favoriteCondition = "c.favorite = "
        // Each condition, and its bound value (nil: none, the condition is a constant).
        var page: [(String, SQLiteValue?)] = []
        var count: [(String, SQLiteValue?)] = []
        // Folding never empties non-empty text; if it did, "" would be a substring of everything.
        foldedText = query.text.map(SearchFolding.fold)
        if let folded = foldedText, !folded.isEmpty {
            if folded.unicodeScalars.count >= 3 {
                countFrom =
                    query.favorite == nil && singleAccount ? "contacts_search" : "contacts_search s CROSS JOIN contacts c ON c.seq = s.rowid"
                // CROSS JOIN keeps the trigram index as the outer loop, in rowid order, so a page
                // stops early; otherwise the planner may probe the index once per favorite row.
                pageFrom = "contacts_search s CROSS JOIN contacts c ON c.seq = s.rowid"
                sequence = "s.rowid"
                let match = ("contacts_search MATCH ?", SQLiteValue.text(Self.phrase(folded)))
                let substring = ("instr(c.search_key, ?) > 0", SQLiteValue.text(folded))
                page = [match, substring]
                count = [match]
                if !singleAccount { count.append(("c.account = ?", .integer(account.rawValue))) }
            } else {
                let like = (#"c.search_key LIKE '%' || ? || '%' ESCAPE '\'"#, SQLiteValue.text(LikePattern.escaped(folded)))
                page = [like]
                count = [like, ("c.account = ?", .integer(account.rawValue))]
                // Unary + keeps the scan in rowid order instead of a lookup per favorite index
                // entry, which is slower when most rows have that flag and few match the text.
                favoriteCondition = "+c.favorite = "
            }
        }
        // Trigram pages read the index in rowid order and check each row's account; the others
        // walk the account's rows by the (account, seq) index.
        page.append(("c.account = ?", .integer(account.rawValue)))
        if foldedText.map({ $0.isEmpty }) ?? true {
            count.append(("c.account = ?", .integer(account.rawValue)))
        }
        if let flag = query.favorite {
            // Written as a literal, not bound: only a literal `favorite = 1` lets SQLite use the
            // partial index of favorites (migration 6). The SQL stays one of a few constants.
            let literal = flag ? "1" : "0"
            page.append((favoriteCondition + literal, nil))
            count.append(("c.favorite = " + literal, nil))
        }
        let pageConditions = (page.map(\.0) + ["\(sequence) > ?"]).joined(separator: " AND ")
        pageSQL = "SELECT \(SQLiteContactSQL.columns) FROM \(pageFrom) WHERE \(pageConditions) ORDER BY \(sequence) LIMIT ?"
        pageFilterValues = page.compactMap(\.1)
        countSQL = "SELECT count(*) FROM \(countFrom)" + (count.isEmpty ? "" : " WHERE " + count.map(\.0).joined(separator: " AND "))
        countValues = count.compactMap(\.1)
    }

    /// How many contacts match the filters, in all pages.
    func total(on connection: SQLiteConnection) throws(StorageError) -> Int {
        Int(try connection.integer(countSQL, countValues))
    }

    /// The values of `pageSQL` for the contacts after sequence `after`, at most `limit` rows.
    func pageValues(after: Int64, limit: Int) -> [SQLiteValue] {
        pageFilterValues + [.integer(after), .integer(Int64(limit))]
    }

    /// `text` as one FTS5 phrase: quoted, with quotes doubled, so that no character is syntax.
    /// With the trigram tokenizer, a phrase matches where its text occurs as a substring.
    static func phrase(_ text: String) -> String {
        var phrase = "\""
        for scalar in text.unicodeScalars {
            if scalar == "\"" { phrase.unicodeScalars.append(scalar) }
            phrase.unicodeScalars.append(scalar)
        }
        return phrase + "\""
    }
}
