import CSQLite3
import QuickActions
import StorageCore
import Synchronization

/// One account's contacts in a SQLite database file: WAL, one writer connection and a small
/// pool of readers. Every statement names the account, so a view never sees another's rows.
///
/// Semantics match `InMemoryContactRepository` (search compares folded text by Unicode
/// scalars, see `SQLiteContactSQL.searchKey` for the rare difference). Every write is committed with
/// `synchronous=FULL` before its method returns, so a write that returned survives a crash.
/// Writes that arrive together share one transaction and one fsync (group commit, see
/// `SQLiteDatabase`), and each returns only after that commit is on disk.
final class SQLiteContactRepository: ContactRepository {
    /// The database file.
    let path: String
    private let clock: @Sendable () -> Timestamp
    /// The database, shared with `SQLiteTriggerStore`.
    let database: SQLiteDatabase
    /// Whose contacts these are.
    let account: AccountKey
    /// The database's feed: every account's changes, each naming its account.
    var changes: ContactChangeFeed { database.changes }
    private var readers: SQLiteReaderPool { database.readers }
    /// Totals of recent searches, valid until the next write: paging through a search, or
    /// repeating it, counts its matches once (kept by the database, for every account's views).
    private var totals: SQLiteSearchTotals { database.searchTotals }

    /// Opens (or creates) the quickactiond database at `path`, checks it, and migrates it to the
    /// current schema; `clock` supplies timestamps. The repository is the account `default`'s
    /// (see `SQLiteDataStore` for the others). Throws, naming the path, when the file is
    /// not a SQLite database, is corrupt, belongs to another application, has a newer schema
    /// than this binary knows, or cannot be written. It never rewrites a file it refuses.
    static func open(
        path: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) throws(StorageError) -> SQLiteContactRepository {
        SQLiteContactRepository(database: try SQLiteDatabase(path: path, readerCount: 4), account: .default, clock: clock)
    }

    init(database: SQLiteDatabase, account: AccountKey, clock: @escaping @Sendable () -> Timestamp) {
        self.database = database
        self.path = database.path
        self.account = account
        self.clock = clock
    }

    /// The most disabled items the account keeps (`StoreLimits.maxDisabledItems`).
    private var maxDisabledItems: Int { database.limits.maxDisabledItems }

    /// The trigger store of the same account in the same database file, sharing its writer (and group commits).
    func triggerStore() -> SQLiteTriggerStore {
        SQLiteTriggerStore(database: database, account: account)
    }

    func create(_ contact: NewContact, quota: Int?) throws(StorageError) -> Contact {
        let insert = SQLiteContactInsert(contact, now: clock(), account: account, quota: quota)
        defer { totals.invalidate() }
        let changes = changes
        let account = account
        return insert.contact(
            sequence: try database.insert(insert.row) {
                changes.publish(ContactChange(account: account, before: nil, after: insert.contact(sequence: $0)))
            })
    }

    func create(_ contact: NewContact, quota: Int?, completion: @escaping @Sendable (Result<Contact, StorageError>) -> Void) {
        let insert = SQLiteContactInsert(contact, now: clock(), account: account, quota: quota)
        let totals = totals
        let changes = changes
        let account = account
        database.insert(
            insert.row, committed: { changes.publish(ContactChange(account: account, before: nil, after: insert.contact(sequence: $0))) }
        ) { result in
            totals.invalidate()
            completion(result.map(insert.contact(sequence:)))
        }
    }

    func get(id: String) throws(StorageError) -> Contact? {
        try readers.read { connection throws(StorageError) in
            try connection.firstRow(SQLiteContactSQL.byID, [.text(id), .integer(account.rawValue)], SQLiteContactSQL.contact)
        }
    }

    func list(_ query: ContactQuery) throws(StorageError) -> ContactPage {
        // A NUL would also end the full-text query early: answer "no match" before SQL sees it.
        guard query.canMatch else { return ContactPage(contacts: [], total: 0, nextAfter: nil) }
        let sql = SQLiteContactQuerySQL(query, account: account, singleAccount: database.singleAccount.load(ordering: .relaxed))
        let limit = min(max(query.limit, 0), Int(Int32.max))
        let after = query.after ?? 0
        let key = SQLiteSearchTotals.Key(account: account, foldedText: sql.foldedText, favorite: query.favorite)
        // Read before the snapshot: a total counted now is only reused while no write followed.
        let generation = totals.generation
        let cached = totals.total(for: key, generation: generation)
        let (page, counted) = try readers.read { connection throws(StorageError) in
            // One read transaction, so the page and the total come from the same snapshot.
            try connection.transaction(immediate: false) { () throws(StorageError) -> (ContactPage, Int?) in
                let rows = try connection.rows(sql.pageSQL, sql.pageValues(after: after, limit: limit + 1), SQLiteContactSQL.contact)
                let page = Array(rows.prefix(limit))
                let next = rows.count > page.count ? page.last?.sequence : nil
                // Sequences start at 1: from the start, a short page already holds every match.
                if after < 1 && rows.count <= limit { return (ContactPage(contacts: page, total: rows.count, nextAfter: next), nil) }
                if let cached { return (ContactPage(contacts: page, total: cached, nextAfter: next), nil) }
                let total = try sql.total(on: connection)
                return (ContactPage(contacts: page, total: total, nextAfter: next), total)
            }
        }
        if let counted { totals.store(counted, for: key, generation: generation) }
        return page
    }

    func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = clock()
        return try write(
            Self.updating(id: id, patch, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), at: now)
    }

    func update(
        id: String, _ patch: ContactPatch, expectedRevision: Int64?,
        completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void
    ) {
        let now = clock()
        write(
            Self.updating(id: id, patch, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), at: now,
            completion: completion)
    }

    func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = clock()
        return try write(Self.deleting(id: id, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), at: now)
    }

    func delete(
        id: String, expectedRevision: Int64?, completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void
    ) {
        let now = clock()
        write(
            Self.deleting(id: id, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), at: now,
            completion: completion)
    }

    /// The write of an update, run inside the group commit's transaction.
    private static func updating(
        id: String, _ patch: ContactPatch, expectedRevision: Int64?, now: Timestamp, account: AccountKey, limit: Int
    ) -> @Sendable (SQLiteConnection) throws(StorageError) -> ContactWriteResult {
        { connection throws(StorageError) in
            let before = try connection.firstRow(SQLiteContactSQL.byID, [.text(id), .integer(account.rawValue)], SQLiteContactSQL.contact)
            let result = try ContactWriteRule.update(before, with: patch, expectedRevision: expectedRevision, at: now) {
                () throws(StorageError) -> Int64 in
                try connection.integer(SQLiteContactSQL.nextPinOrder, [.integer(account.rawValue)])
            }
            if case .done(_, let after?) = result { try connection.run(SQLiteContactSQL.update, SQLiteContactSQL.updateValues(after)) }
            try SQLiteDisabledItemSQL.apply(ContactWriteRule.disabledItem(of: result, at: now), account: account, limit: limit, on: connection)
            return result
        }
    }

    /// The write of a delete, run inside the group commit's transaction.
    private static func deleting(
        id: String, expectedRevision: Int64?, now: Timestamp, account: AccountKey, limit: Int
    ) -> @Sendable (SQLiteConnection) throws(StorageError) -> ContactWriteResult {
        { connection throws(StorageError) in
            let before = try connection.firstRow(SQLiteContactSQL.byID, [.text(id), .integer(account.rawValue)], SQLiteContactSQL.contact)
            let result = ContactWriteRule.delete(before, expectedRevision: expectedRevision)
            if case .done(let before, _) = result { try connection.run(SQLiteContactSQL.delete, [.integer(before.sequence)]) }
            try SQLiteDisabledItemSQL.apply(ContactWriteRule.disabledItem(of: result, at: now), account: account, limit: limit, on: connection)
            return result
        }
    }

    func favorites() throws(StorageError) -> [Contact] {
        try readers.read { connection throws(StorageError) in
            database.skippedRows.kept(try connection.rows(SQLiteContactSQL.favorites, [.integer(account.rawValue)], SQLiteContactSQL.checkedContact))
        }
    }

    func disabledItems() throws(StorageError) -> [DisabledItem] {
        try readers.read { connection throws(StorageError) in
            database.skippedRows.kept(
                try connection.rows(
                    SQLiteDisabledItemSQL.list, [.integer(account.rawValue), .integer(Int64(maxDisabledItems))], SQLiteDisabledItemSQL.disabledItem))
        }
    }

    func contacts(named name: String) throws(StorageError) -> [Contact] {
        guard let key = ContactName.key(name) else { return [] }
        let named = SQLiteContactSQL.named(key, account: account)
        let candidates = try readers.read { connection throws(StorageError) in try connection.rows(named.sql, named.values, SQLiteContactSQL.contact)
        }
        return candidates.filter { ContactName.matches($0.name, key: key) }
    }

    func counts() throws(StorageError) -> (contacts: Int, favorites: Int) {
        let counts = try readers.read { connection throws(StorageError) in
            try connection.firstRow(SQLiteContactSQL.counts, [.integer(account.rawValue), .integer(account.rawValue)]) {
                (Int($0.int64(at: 0)), Int($0.int64(at: 1)))
            }
        }
        return counts ?? (0, 0)
    }

    /// Reads; and after a write failed for want of disk (full, I/O error), writes a probe, so
    /// that readiness stays down while writes would fail and comes back once they would not.
    func ping() throws(StorageError) {
        _ = try readers.read { connection throws(StorageError) in try connection.integer(SQLiteContactSQL.ping) }
        guard database.health.lastFailure != nil else { return }
        do {
            try database.probe()
        } catch {
            throw error.with(message: "writes fail: \(error.message)")
        }
    }

    /// Runs `body` in a group-committed write transaction; afterwards no cached total is reused.
    /// (Between the commit and the bump, a concurrent search may still reuse a total from just
    /// before the write: as if it ran a moment earlier. The writer's own answer comes after.)
    private func write(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> ContactWriteResult, at now: Timestamp
    ) throws(StorageError) -> ContactWriteResult {
        defer { totals.invalidate() }
        return try database.write(body, committed: Self.publisher(changes, account: account, at: now))
    }

    /// Publishes a done write's change (on the writer, after the commit), with what it did to the disabled items.
    private static func publisher(
        _ changes: ContactChangeFeed, account: AccountKey, at now: Timestamp
    ) -> @Sendable (ContactWriteResult) -> Void {
        { result in
            guard case .done(let before, let after) = result else { return }
            changes.publish(
                ContactChange(account: account, before: before, after: after, disabledItem: ContactWriteRule.disabledItem(of: result, at: now)))
        }
    }

    /// Queues `body` for the next group commit; `completion` gets its result once durable.
    private func write(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> ContactWriteResult, at now: Timestamp,
        completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void
    ) {
        let totals = totals
        database.write(
            body, committed: Self.publisher(changes, account: account, at: now),
            completion: { result in
                totals.invalidate()
                completion(result)
            })
    }
}
