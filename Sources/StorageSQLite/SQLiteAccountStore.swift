import QuickActions
import StorageCore

/// Accounts in the quickactiond database, written through the same group-committed writer
/// as contacts and triggers.
final class SQLiteAccountStore: AccountStore {
    let database: SQLiteDatabase
    private let clock: @Sendable () -> Timestamp

    init(database: SQLiteDatabase, clock: @escaping @Sendable () -> Timestamp) {
        self.database = database
        self.clock = clock
    }

    var accountChanges: AccountChangeFeed { database.accountChanges }

    func createAccount(name: String, tokenDigest: [UInt8]) throws(StorageError) -> Account {
        let now = clock()
        let id = ContactID.generate(at: now)
        // Cleared before the account can hold a contact: counting a search then checks accounts.
        database.singleAccount.store(false, ordering: .releasing)
        let key = try database.write { connection throws(StorageError) -> Int64 in
            try connection.integer(SQLiteAccountSQL.insert, [.text(id), .text(name), .integer(now.millisecondsSince1970), .blob(tokenDigest)])
        }
        return Account(key: AccountKey(key), id: id, name: name, createdAt: now)
    }

    func account(id: String) throws(StorageError) -> Account? {
        try database.readers.read { connection throws(StorageError) in
            try connection.firstRow(SQLiteAccountSQL.byID, [.text(id)], SQLiteAccountSQL.account)
        }
    }

    func account(tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        try database.readers.read { connection throws(StorageError) in
            try connection.firstRow(SQLiteAccountSQL.byTokenDigest, [.blob(tokenDigest)], SQLiteAccountSQL.account)
        }
    }

    func accounts(after: AccountKey?, limit: Int) throws(StorageError) -> AccountPage {
        let limit = min(max(limit, 0), Int(Int32.max) - 1)
        let rows = try database.readers.read { connection throws(StorageError) in
            try connection.rows(SQLiteAccountSQL.page, [.integer(after?.rawValue ?? 0), .integer(Int64(limit + 1))], SQLiteAccountSQL.account)
        }
        let page = Array(rows.prefix(limit))
        return AccountPage(accounts: page, nextAfter: rows.count > page.count ? page.last?.key : nil)
    }

    func deleteAccount(id: String) throws(StorageError) -> Account? {
        let changes = database.accountChanges
        let deleted = try database.write(
            { connection throws(StorageError) -> Account? in
                guard let account = try connection.firstRow(SQLiteAccountSQL.byID, [.text(id)], SQLiteAccountSQL.account) else { return nil }
                for statement in SQLiteAccountSQL.deleteHoldings { try connection.run(statement, [.integer(account.key.rawValue)]) }
                return account
            },
            committed: { account in
                if let account { changes.publish(.deleted(account.key)) }
            })
        database.searchTotals.invalidate()
        return deleted
    }

    func replaceToken(accountID id: String, tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        let changes = database.accountChanges
        return try database.write(
            { connection throws(StorageError) -> Account? in
                try connection.firstRow(SQLiteAccountSQL.replaceToken, [.blob(tokenDigest), .text(id)], SQLiteAccountSQL.account)
            },
            committed: { account in
                if let account { changes.publish(.tokenReplaced(account.key)) }
            })
    }

    func restoreDefaultAccount() throws(StorageError) {
        let now = clock()
        try database.write { connection throws(StorageError) in
            try connection.run(SQLiteAccountSQL.restoreDefault, [.integer(now.millisecondsSince1970)])
        }
    }

    func accountCount() throws(StorageError) -> Int {
        Int(try database.readers.read { connection throws(StorageError) in try connection.integer(SQLiteAccountSQL.count) })
    }
}
