import Dispatch
import QuickActions
import StorageCore
import Synchronization

/// One account's contacts in a PostgreSQL database shared by every quickactiond instance.
///
/// Semantics match `SQLiteContactRepository` (the contract suites decide). Writes go through
/// the store's group-committed writer (`PostgreSQLWriter`) and complete once `COMMIT`
/// returned (`synchronous_commit` as the server has it, `on` by default); each committed
/// change is published on `changes` in commit order and announced to the other instances
/// (`PostgreSQLChangeNotice`). Reads take a connection of the reader pool.
final class PostgreSQLContactRepository: ContactRepository {
    private let store: PostgreSQLDatabase
    let account: AccountKey

    init(store: PostgreSQLDatabase, account: AccountKey) {
        self.store = store
        self.account = account
    }

    var changes: ContactChangeFeed { store.changes }

    /// The most disabled items the account keeps (`StoreLimits.maxDisabledItems`).
    private var maxDisabledItems: Int { store.limits.maxDisabledItems }

    func create(_ contact: NewContact, quota: Int?) throws(StorageError) -> Contact {
        let outcome = Mutex<Result<Contact, StorageError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        create(contact, quota: quota) { result in
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        guard let result = outcome.withLock({ $0 }) else { throw StorageError(message: "a create finished without a result") }
        return try result.get()
    }

    func create(_ contact: NewContact, quota: Int?, completion: @escaping @Sendable (Result<Contact, StorageError>) -> Void) {
        let insert = Insert(contact, now: store.clock(), account: account)
        // Merged with the other inserts of its group commit into one statement.
        store.writer.insert(
            insert.values, id: insert.id, account: account, quota: quota, notify: createNotices(favorite: insert.contact.favorite),
            committed: published(insert)
        ) { result in
            completion(result.map(insert.contact(sequence:)))
        }
    }

    func get(id: String) throws(StorageError) -> Contact? {
        try store.readers.read { (connection) throws(StorageError) -> Contact? in
            let result = try connection.execute(PostgreSQLContactSQL.byID, [.text(id), .integer(account.rawValue)])
            return result.count > 0 ? PostgreSQLContactSQL.contact(result, 0) : nil
        }
    }

    func list(_ query: ContactQuery) throws(StorageError) -> ContactPage {
        guard query.canMatch else { return ContactPage(contacts: [], total: 0, nextAfter: nil) }
        let sql = PostgreSQLContactSQL.query(query, account: account)
        let limit = min(max(query.limit, 0), Int(Int32.max) - 1)
        let after = query.after ?? 0
        // One snapshot, so the page and the total agree.
        return try store.readers.snapshot { (connection) throws(StorageError) -> ContactPage in
            let rows = try connection.execute(sql.page, sql.values + [.integer(after), .integer(Int64(limit + 1))])
                .rows(PostgreSQLContactSQL.contact)
            let page = Array(rows.prefix(limit))
            let next = rows.count > page.count ? page.last?.sequence : nil
            // Sequences start at 1: from the start, a short page already holds every match.
            if after < 1 && rows.count <= limit { return ContactPage(contacts: page, total: rows.count, nextAfter: next) }
            let total = Int(try connection.execute(sql.count, sql.values).int64(0, 0))
            return ContactPage(contacts: page, total: total, nextAfter: next)
        }
    }

    func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = store.clock()
        return try store.writer.write(
            Self.updating(id: id, patch, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), notify: notices,
            committed: publish(at: now))
    }

    func update(
        id: String, _ patch: ContactPatch, expectedRevision: Int64?,
        completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void
    ) {
        let now = store.clock()
        store.writer.write(
            Self.updating(id: id, patch, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), notify: notices,
            committed: publish(at: now), completion: completion)
    }

    func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = store.clock()
        return try store.writer.write(
            Self.deleting(id: id, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), notify: notices,
            committed: publish(at: now))
    }

    func delete(id: String, expectedRevision: Int64?, completion: @escaping @Sendable (Result<ContactWriteResult, StorageError>) -> Void) {
        let now = store.clock()
        store.writer.write(
            Self.deleting(id: id, expectedRevision: expectedRevision, now: now, account: account, limit: maxDisabledItems), notify: notices,
            committed: publish(at: now), completion: completion)
    }

    func favorites() throws(StorageError) -> [Contact] {
        try store.readers.read { (connection) throws(StorageError) -> [Contact] in
            store.skippedRows.kept(
                try connection.execute(PostgreSQLContactSQL.favorites, [.integer(account.rawValue)]).rows {
                    PostgreSQLContactSQL.contact($0, $1).checkedAsStored()
                })
        }
    }

    func disabledItems() throws(StorageError) -> [DisabledItem] {
        try store.readers.read { (connection) throws(StorageError) -> [DisabledItem] in
            store.skippedRows.kept(
                try connection.execute(PostgreSQLDisabledItemSQL.list, [.integer(account.rawValue), .integer(Int64(maxDisabledItems))]).rows(
                    PostgreSQLDisabledItemSQL.disabledItem))
        }
    }

    func contacts(named name: String) throws(StorageError) -> [Contact] {
        guard let key = ContactName.key(name) else { return [] }
        let prefix = SearchFolding.fold(key) + "\u{1F}"
        let candidates = try store.readers.read { (connection) throws(StorageError) -> [Contact] in
            try connection.execute(PostgreSQLContactSQL.named, [.integer(account.rawValue), .text(prefix)]).rows(PostgreSQLContactSQL.contact)
        }
        return candidates.filter { ContactName.matches($0.name, key: key) }
    }

    func counts() throws(StorageError) -> (contacts: Int, favorites: Int) {
        try store.readers.read { (connection) throws(StorageError) -> (contacts: Int, favorites: Int) in
            let result = try connection.execute(PostgreSQLContactSQL.counts, [.integer(account.rawValue)])
            return (Int(result.int64(0, 0)), Int(result.int64(0, 1)))
        }
    }

    func ping() throws(StorageError) {
        try store.ping()
    }

    // MARK: - Writes

    /// The notice of a created contact, for the other instances: a favorite only. Another
    /// instance keeps nothing of a contact that is not one (its shortcut lists hold favorites,
    /// and every other read goes to the database), and the update that makes it one notifies.
    /// A commit that notifies holds PostgreSQL's notification lock through its WAL flush and
    /// wakes every listening instance (docs/performance.md), so a burst of such creates, as an
    /// import makes, commits without either.
    private func createNotices(favorite: Bool) -> @Sendable (Int64) -> [PostgreSQLChangeNotice] {
        guard favorite else { return { _ in [] } }
        let notice = notice
        return { [notice($0)] }
    }

    /// The notice of a done update or delete, for the other instances.
    private var notices: @Sendable (ContactWriteResult) -> [PostgreSQLChangeNotice] {
        let notice = notice
        return { result in
            guard case .done(let before, _) = result else { return [] }
            return [notice(before.sequence)]
        }
    }

    /// The notice of a change to the contact with `sequence`.
    private var notice: @Sendable (Int64) -> PostgreSQLChangeNotice {
        let instance = store.instance
        let account = account
        return { PostgreSQLChangeNotice(instance: instance, kind: .contact, account: account, number: $0) }
    }

    /// Publishes a done write's change made at `now` (on the writer, after the commit), with
    /// what it did to the disabled items.
    private func publish(at now: Timestamp) -> @Sendable (ContactWriteResult) -> Void {
        let changes = changes
        let account = account
        return { result in
            guard case .done(let before, let after) = result else { return }
            changes.publish(
                ContactChange(account: account, before: before, after: after, disabledItem: ContactWriteRule.disabledItem(of: result, at: now)))
        }
    }

    /// Publishes a created contact (on the writer, after the commit).
    private func published(_ insert: Insert) -> @Sendable (Int64) -> Void {
        let changes = changes
        let account = account
        return { sequence in changes.publish(ContactChange(account: account, before: nil, after: insert.contact(sequence: sequence))) }
    }

    /// The write of an update, run inside the group commit's transaction.
    private static func updating(
        id: String, _ patch: ContactPatch, expectedRevision: Int64?, now: Timestamp, account: AccountKey, limit: Int
    ) -> @Sendable (PostgreSQLConnection) throws(StorageError) -> ContactWriteResult {
        { connection throws(StorageError) in
            let found = try connection.execute(PostgreSQLContactSQL.byIDForUpdate, [.text(id), .integer(account.rawValue)])
            let before = found.count > 0 ? PostgreSQLContactSQL.contact(found, 0) : nil
            let result = try ContactWriteRule.update(before, with: patch, expectedRevision: expectedRevision, at: now) {
                () throws(StorageError) -> Int64 in
                try connection.execute(PostgreSQLContactSQL.nextPinOrder, [.integer(account.rawValue)]).int64(0, 0)
            }
            if case .done(_, let after?) = result { try connection.execute(PostgreSQLContactSQL.update, PostgreSQLContactSQL.updateValues(after)) }
            try PostgreSQLDisabledItemSQL.apply(ContactWriteRule.disabledItem(of: result, at: now), account: account, limit: limit, on: connection)
            return result
        }
    }

    /// The write of a delete, run inside the group commit's transaction.
    private static func deleting(
        id: String, expectedRevision: Int64?, now: Timestamp, account: AccountKey, limit: Int
    ) -> @Sendable (PostgreSQLConnection) throws(StorageError) -> ContactWriteResult {
        { connection throws(StorageError) in
            let found = try connection.execute(PostgreSQLContactSQL.byIDForUpdate, [.text(id), .integer(account.rawValue)])
            let before = found.count > 0 ? PostgreSQLContactSQL.contact(found, 0) : nil
            let result = ContactWriteRule.delete(before, expectedRevision: expectedRevision)
            if case .done(let before, _) = result { try connection.execute(PostgreSQLContactSQL.delete, [.integer(before.sequence)]) }
            try PostgreSQLDisabledItemSQL.apply(ContactWriteRule.disabledItem(of: result, at: now), account: account, limit: limit, on: connection)
            return result
        }
    }

    /// One new contact, its id and values made on the caller's thread (folding the search key
    /// costs more than the insert, so it is not left to the committing thread).
    private struct Insert: Sendable {
        let contact: NewContact
        let id: String
        let now: Timestamp
        let values: [PostgreSQLValue]

        init(_ contact: NewContact, now: Timestamp, account: AccountKey) {
            self.contact = contact
            self.id = ContactID.generate(at: now)
            self.now = now
            self.values = PostgreSQLContactSQL.insertValues(id: id, contact, now: now, account: account)
        }

        /// The stored contact.
        func contact(sequence: Int64) -> Contact {
            ContactWriteRule.created(contact, id: id, at: now, sequence: sequence)
        }
    }
}
