import QuickActions
import StorageCore

/// Accounts in the shared PostgreSQL database, written through the group-committed writer.
/// A replaced token or a deleted account is published here after the commit and announced
/// to the other instances, which publish it on their own `accountChanges`.
final class PostgreSQLAccountStore: AccountStore {
    private let store: PostgreSQLDatabase

    init(store: PostgreSQLDatabase) {
        self.store = store
    }

    var accountChanges: AccountChangeFeed { store.accountChanges }

    func createAccount(name: String, tokenDigest: [UInt8]) throws(StorageError) -> Account {
        let now = store.clock()
        let id = ContactID.generate(at: now)
        let key = try store.writer.write { (connection) throws(StorageError) -> Int64 in
            try connection.execute(PostgreSQLAccountSQL.insert, [.text(id), .text(name), .integer(now.millisecondsSince1970), .bytes(tokenDigest)])
                .int64(0, 0)
        }
        return Account(key: AccountKey(key), id: id, name: name, createdAt: now)
    }

    func account(id: String) throws(StorageError) -> Account? {
        try first(PostgreSQLAccountSQL.byID, [.text(id)])
    }

    func account(tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        try first(PostgreSQLAccountSQL.byTokenDigest, [.bytes(tokenDigest)])
    }

    func accounts(after: AccountKey?, limit: Int) throws(StorageError) -> AccountPage {
        let limit = min(max(limit, 0), Int(Int32.max) - 1)
        let rows = try store.readers.read { (connection) throws(StorageError) -> [Account] in
            try connection.execute(PostgreSQLAccountSQL.page, [.integer(after?.rawValue ?? 0), .integer(Int64(limit + 1))])
                .rows(PostgreSQLAccountSQL.account)
        }
        let page = Array(rows.prefix(limit))
        return AccountPage(accounts: page, nextAfter: rows.count > page.count ? page.last?.key : nil)
    }

    func deleteAccount(id: String) throws(StorageError) -> Account? {
        let changes = store.accountChanges
        return try store.writer.write(
            { (connection) throws(StorageError) -> Account? in
                let found = try connection.execute(PostgreSQLAccountSQL.byID + " FOR UPDATE", [.text(id)])
                guard found.count > 0 else { return nil }
                let account = PostgreSQLAccountSQL.account(found, 0)
                for statement in PostgreSQLAccountSQL.deleteHoldings { try connection.execute(statement, [.integer(account.key.rawValue)]) }
                return account
            },
            notify: notice(.accountDeleted),
            committed: { account in
                if let account { changes.publish(.deleted(account.key)) }
            })
    }

    func replaceToken(accountID id: String, tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        let changes = store.accountChanges
        return try store.writer.write(
            { (connection) throws(StorageError) -> Account? in
                let found = try connection.execute(PostgreSQLAccountSQL.replaceToken, [.bytes(tokenDigest), .text(id)])
                return found.count > 0 ? PostgreSQLAccountSQL.account(found, 0) : nil
            },
            notify: notice(.tokenReplaced),
            committed: { account in
                if let account { changes.publish(.tokenReplaced(account.key)) }
            })
    }

    func restoreDefaultAccount() throws(StorageError) {
        let now = store.clock()
        try store.writer.write { (connection) throws(StorageError) in
            _ = try connection.execute(PostgreSQLAccountSQL.restoreDefault, [.integer(now.millisecondsSince1970)])
        }
    }

    func accountCount() throws(StorageError) -> Int {
        try store.readers.read { (connection) throws(StorageError) -> Int in Int(try connection.execute(PostgreSQLAccountSQL.count).int64(0, 0)) }
    }

    /// The notice of `kind` for a changed account, if there was one.
    private func notice(_ kind: PostgreSQLChangeNotice.Kind) -> @Sendable (Account?) -> [PostgreSQLChangeNotice] {
        let instance = store.instance
        return { account in account.map { [PostgreSQLChangeNotice(instance: instance, kind: kind, account: $0.key, number: 0)] } ?? [] }
    }

    /// The first account `sql` selects with `values`, or nil.
    private func first(_ sql: String, _ values: [PostgreSQLValue]) throws(StorageError) -> Account? {
        try store.readers.read { (connection) throws(StorageError) -> Account? in
            let result = try connection.execute(sql, values)
            return result.count > 0 ? PostgreSQLAccountSQL.account(result, 0) : nil
        }
    }
}
