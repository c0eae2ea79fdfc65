import CSQLite3
import QuickActions
import Synchronization

/// Contacts in a SQLite database file: WAL, one writer connection and a small pool of readers.
///
/// Semantics match `InMemoryContactRepository` (search compares folded text by Unicode
/// scalars, see `ContactSQL.searchKey` for the rare difference). Every write is committed with
/// `synchronous=FULL` before its method returns, so a write that returned survives a crash.
/// Writes are serialized on the writer's `Mutex`, one transaction each (no group commit yet).
public final class SQLiteContactRepository: ContactRepository {
    /// The database file.
    public let path: String
    private let clock: @Sendable () -> Timestamp
    private let writer: Mutex<SQLiteConnection>
    private let readers: SQLiteReaderPool

    /// Opens (or creates) the quickactiond database at `path`, checks it, and migrates it to the
    /// current schema; `clock` supplies timestamps. Throws, naming the path, when the file is
    /// not a SQLite database, is corrupt, belongs to another application, has a newer schema
    /// than this binary knows, or cannot be written. It never rewrites a file it refuses.
    public static func open(
        path: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now
    ) throws(StorageError) -> SQLiteContactRepository {
        try SQLiteContactRepository(path: path, clock: clock, readerCount: 4)
    }

    private init(path: String, clock: @escaping @Sendable () -> Timestamp, readerCount: Int) throws(StorageError) {
        guard !path.isEmpty, path != ":memory:" else {
            // Each connection would get its own private database: use InMemoryContactRepository instead.
            throw StorageError(message: "the SQLite repository needs a database file path, not \"\(path)\"")
        }
        let connection = try SQLiteConnection(path: path, flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        try SQLiteSchema.prepare(connection)
        self.path = path
        self.clock = clock
        self.writer = Mutex(connection)
        self.readers = SQLiteReaderPool(path: path, size: readerCount)
    }

    public func create(_ contact: NewContact) throws(StorageError) -> Contact {
        let now = clock()
        let id = ContactID.generate()
        let sequence = try write { connection throws(StorageError) in
            try connection.run(ContactSQL.insert, ContactSQL.insertValues(id: id, contact, now: now))
            return sqlite3_last_insert_rowid(connection.handle)
        }
        return Contact(
            id: id, name: contact.name, email: contact.email, favorite: contact.favorite, createdAt: now, updatedAt: now, revision: 1,
            sequence: sequence)
    }

    public func get(id: String) throws(StorageError) -> Contact? {
        try readers.read { connection throws(StorageError) in
            try connection.firstRow(ContactSQL.byID, [.text(id)], ContactSQL.contact)
        }
    }

    public func list(_ query: ContactQuery) throws(StorageError) -> ContactPage {
        let sql = ContactQuerySQL(query)
        let limit = min(max(query.limit, 0), Int(Int32.max))
        let after = query.after ?? 0
        return try readers.read { connection throws(StorageError) in
            // One read transaction, so the page and the total come from the same snapshot.
            try connection.transaction(immediate: false) { () throws(StorageError) -> ContactPage in
                let rows = try connection.rows(sql.pageSQL, sql.pageValues(after: after, limit: limit + 1), ContactSQL.contact)
                let page = Array(rows.prefix(limit))
                let next = rows.count > page.count ? page.last?.sequence : nil
                // Sequences start at 1: from the start, a short page already holds every match.
                let total = after < 1 && rows.count <= limit ? rows.count : try sql.total(on: connection)
                return ContactPage(contacts: page, total: total, nextAfter: next)
            }
        }
    }

    public func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = clock()
        return try write { connection throws(StorageError) in
            try connection.transaction(immediate: true) { () throws(StorageError) -> ContactWriteResult in
                guard let before = try connection.firstRow(ContactSQL.byID, [.text(id)], ContactSQL.contact) else { return .notFound }
                if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
                var after = patch.applied(to: before)
                after.updatedAt = max(now, before.updatedAt)
                after.revision = before.revision + 1
                try connection.run(ContactSQL.update, ContactSQL.updateValues(after))
                return .done(before: before, after: after)
            }
        }
    }

    public func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        try write { connection throws(StorageError) in
            try connection.transaction(immediate: true) { () throws(StorageError) -> ContactWriteResult in
                guard let before = try connection.firstRow(ContactSQL.byID, [.text(id)], ContactSQL.contact) else { return .notFound }
                if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
                try connection.run(ContactSQL.delete, [.integer(before.sequence)])
                return .done(before: before, after: nil)
            }
        }
    }

    public func favorites() throws(StorageError) -> [Contact] {
        try readers.read { connection throws(StorageError) in try connection.rows(ContactSQL.favorites, [], ContactSQL.contact) }
    }

    public func contacts(named name: String) throws(StorageError) -> [Contact] {
        try readers.read { connection throws(StorageError) in try connection.rows(ContactSQL.named, [.text(name)], ContactSQL.contact) }
    }

    public func counts() throws(StorageError) -> (contacts: Int, favorites: Int) {
        let counts = try readers.read { connection throws(StorageError) in
            try connection.firstRow(ContactSQL.counts) { (Int($0.int64(at: 0)), Int($0.int64(at: 1))) }
        }
        return counts ?? (0, 0)
    }

    public func ping() throws(StorageError) {
        _ = try readers.read { connection throws(StorageError) in try connection.integer(ContactSQL.ping) }
    }

    /// Runs `body` with the writer connection, one caller at a time.
    private func write<Result: Sendable>(_ body: (SQLiteConnection) throws(StorageError) -> Result) throws(StorageError) -> Result {
        try writer.withLock { (connection) throws(StorageError) -> Result in try body(connection) }
    }
}
