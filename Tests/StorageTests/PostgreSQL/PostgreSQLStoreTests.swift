import Dispatch
import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StoragePostgreSQL

/// What only the PostgreSQL store does: migrate once when instances start together, refuse a
/// newer schema, fail with a `StorageError` (not a crash) when its tables are gone, and keep
/// the password out of every message.
@Suite(.postgreSQL) struct PostgreSQLStoreTests {
    @Test func storesOpenedTogetherMigrateOnceAndBothWork() throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        let stores = Mutex<[PostgreSQLDataStore]>([])
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            do {
                let store = try PostgreSQLDataStore.open(conninfo, poolSize: 1, database: name)
                stores.withLock { $0.append(store) }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let opened = stores.withLock { $0 }
        defer { opened.forEach { try? $0.close() } }
        let created = try #require(opened.first).contacts(of: .default).create(NewContact(name: "Once"))
        for store in opened { #expect(try store.contacts(of: .default).get(id: created.id) == created) }
        let version = try TestPostgreSQL.admin(database: name).execute("SELECT version FROM quickactiond_schema")
        #expect(version.count == 1 && version.int64(0, 0) == Int64(PostgreSQLSchema.migrations.count))
    }

    @Test func theTrigramIndexPendingListIsMergedOffTheWritePath() throws {
        let store = try TestPostgreSQL.openFresh()
        defer {
            try? store.close()
            TestPostgreSQL.drop(store)
        }
        let admin = try TestPostgreSQL.admin(database: try #require(store.databaseName))
        let hasIndex = try admin.execute("SELECT count(*) FROM pg_indexes WHERE indexname = 'contacts_search'").int64(0, 0) == 1
        try #require(hasIndex, "the server has no pg_trgm: nothing to merge")
        let contacts = store.contacts(of: .default)
        for index in 0..<300 { _ = try contacts.create(NewContact(name: "Pending \(index)", email: "pending.\(index)@example.com")) }
        // Far below the 4 MB limit, so no INSERT merged them: only the maintenance may have.
        let deadline = DispatchTime.now() + .seconds(5)
        while store.indexMaintenance.merges.load(ordering: .relaxed) == 0, DispatchTime.now() < deadline { usleep(20_000) }
        usleep(UInt32(PostgreSQLIndexMaintenance.interval) * 3)
        #expect(store.indexMaintenance.merges.load(ordering: .relaxed) > 0)
        // Nothing left pending: merging again finds no page.
        #expect(try admin.execute("SELECT gin_clean_pending_list('contacts_search'::regclass)").int64(0, 0) == 0)
        #expect(try contacts.list(ContactQuery(text: "nding 29")).total == 11, "the index still answers: 29 and 290-299")
    }

    @Test func aNewerSchemaIsRefused() throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        try PostgreSQLDataStore.open(conninfo, database: name).close()
        try TestPostgreSQL.admin(database: name).run("UPDATE quickactiond_schema SET version = 99")
        let error = #expect(throws: StorageError.self) { try PostgreSQLDataStore.open(conninfo, database: name) }
        #expect(error?.message.contains("schema version 99") == true, "\(String(describing: error))")
    }

    /// A version table an operator or another program changed: start-up refuses it, naming
    /// what it found, and rolls back (the table is as it was), never traps.
    @Test(arguments: [
        ("UPDATE quickactiond_schema SET version = -5", "schema version -5"),
        ("UPDATE quickactiond_schema SET version = 0", "schema version 0"),
        ("DELETE FROM quickactiond_schema", "no schema version"),
        ("DROP TABLE quickactiond_schema", "no schema version"),
        ("INSERT INTO quickactiond_schema VALUES (2)", "2 rows in quickactiond_schema"),
        ("ALTER TABLE quickactiond_schema ALTER version DROP NOT NULL; UPDATE quickactiond_schema SET version = NULL", "schema version NULL"),
    ])
    func anUnknownSchemaVersionIsRefusedNamingIt(tampering: String, expected: String) throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        try PostgreSQLDataStore.open(conninfo, database: name).close()
        let admin = try TestPostgreSQL.admin(database: name)
        try admin.run(tampering)
        let error = #expect(throws: StorageError.self) { try PostgreSQLDataStore.open(conninfo, database: name) }
        #expect(error?.message.contains(expected) == true, "\(String(describing: error))")
        #expect(error?.message.contains("quickactiond_schema") == true, "\(String(describing: error))")
        #expect(try admin.execute("SELECT count(*) FROM accounts").int64(0, 0) == 1, "the refused database was left as it was")
    }

    /// Schema 4 did not record the half-life of its usage keys: it opens with its keys as they
    /// were, its first start records its half-life, and a later change rescales them.
    @Test func aVersion4DatabaseRecordsItsHalfLifeAndKeepsItsKeys() throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        let admin = try TestPostgreSQL.admin(database: name)
        try admin.run(
            "BEGIN; \(PostgreSQLSchema.migrations.prefix(4).joined(separator: ";\n")); "
                + "CREATE TABLE quickactiond_schema (version integer NOT NULL); INSERT INTO quickactiond_schema VALUES (4); "
                + "INSERT INTO contacts (account, id, name, favorite, created_ms, updated_ms, revision, search_key, usage_key) "
                + "VALUES (1, 'ada', 'Ada', true, 1, 1, 1, 'ada', 1800000000000.5); COMMIT")
        let day = try #require(UsageHalfLife(milliseconds: 86_400_000))
        let now = Timestamp(millisecondsSince1970: 1_800_000_000_000)
        let store = try PostgreSQLDataStore.open(conninfo, database: name)
        defer { try? store.close() }
        #expect(try store.adoptUsageHalfLife(day, at: now) == .recorded)
        #expect(try store.contacts(of: .default).get(id: "ada")?.usageKey == 1_800_000_000_000.5)
        #expect(try store.adoptUsageHalfLife(.default, at: now) == .rescaled(from: day, keys: 1))
        let rescaled = try #require(try store.contacts(of: .default).get(id: "ada")?.usageKey)
        #expect(abs(rescaled - 1_800_000_000_007) < 0.01, "half a millisecond ahead under a day is 7 ms ahead under 14 days")
        #expect(try admin.execute("SELECT version FROM quickactiond_schema").int64(0, 0) == Int64(PostgreSQLSchema.migrations.count))
        #expect(try admin.execute("SELECT value FROM settings WHERE name = 'usage_half_life_ms'").int64(0, 0) == 14 * 86_400_000)
    }

    /// Schema 1 had no foreign keys: the rows that deletions racing writes left behind go, and
    /// from then on the database refuses a row of an account that does not exist.
    @Test func aVersion1DatabaseLosesItsOrphansAndGainsForeignKeys() throws {
        let name = try TestPostgreSQL.createDatabase()
        defer { TestPostgreSQL.dropDatabase(name) }
        let conninfo = try #require(TestPostgreSQL.conninfo)
        let admin = try TestPostgreSQL.admin(database: name)
        try admin.run(
            "BEGIN; \(PostgreSQLSchema.migrations[0]); CREATE TABLE quickactiond_schema (version integer NOT NULL); "
                + "INSERT INTO quickactiond_schema VALUES (1); COMMIT")
        try admin.run(
            "INSERT INTO contacts (account, id, name, favorite, created_ms, updated_ms, revision, search_key) VALUES "
                + "(1, 'kept', 'Kept', false, 1, 1, 1, 'kept'), (77, 'orphan', 'Orphan', false, 1, 1, 1, 'orphan');"
                + "INSERT INTO triggers (account, id, type, received_ms, message) VALUES (77, 't1', 'SearchAction', 1, 'm');"
                + "INSERT INTO idempotency_answers (account, key, request_digest, status, body, created_ms) VALUES (77, 'k', 'd', 200, '', 1)")
        let store = try PostgreSQLDataStore.open(conninfo, database: name)
        defer { try? store.close() }
        #expect(try admin.execute("SELECT string_agg(id, ',') FROM contacts").text(0, 0) == "kept")
        #expect(try admin.execute("SELECT (SELECT count(*) FROM triggers) + (SELECT count(*) FROM idempotency_answers)").int64(0, 0) == 0)
        #expect(try admin.execute("SELECT version FROM quickactiond_schema").int64(0, 0) == Int64(PostgreSQLSchema.migrations.count))
        let refused = #expect(throws: StorageError.self) {
            try admin.run("INSERT INTO triggers (account, id, type, received_ms, message) VALUES (77, 't2', 'SearchAction', 1, 'm')")
        }
        #expect(refused?.cause == .accountDeleted && refused?.sqlState == "23503", "\(String(describing: refused))")
    }

    /// A value PostgreSQL cannot take (a NUL in text: SQLSTATE 22021) is the request's fault.
    @Test func aDataExceptionIsAnInvalidValueNotAnOutage() throws {
        let store = try TestPostgreSQL.openFresh()
        defer {
            try? store.close()
            TestPostgreSQL.drop(store)
        }
        let error = #expect(throws: StorageError.self) { try store.contacts(of: .default).get(id: "nul\u{0}id") }
        #expect(error?.cause == .invalidValue && error?.sqlState == "22021", "\(String(describing: error))")
        #expect(error?.reason?.contains("character_not_in_repertoire") == true)
        #expect(try store.contacts(of: .default).counts() == (0, 0), "the store still answers")
    }

    @Test func aDroppedTableIsAStorageErrorNotACrash() throws {
        let store = try TestPostgreSQL.openFresh()
        defer {
            try? store.close()
            TestPostgreSQL.drop(store)
        }
        let contacts = store.contacts(of: .default)
        _ = try contacts.create(NewContact(name: "Before"))
        try TestPostgreSQL.admin(database: try #require(store.databaseName)).run("DROP TABLE contacts")
        let read = #expect(throws: StorageError.self) { try contacts.list(ContactQuery()) }
        #expect(read?.sqlState == "42P01", "\(String(describing: read))")
        #expect(throws: StorageError.self) { try contacts.create(NewContact(name: "After")) }
        // The store still answers what it can.
        #expect(try store.accounts.accountCount() == 1)
    }

    @Test func messagesNameTheServerButNeverThePassword() throws {
        for location in ["postgres://qa:s3cretpw@127.0.0.1:1/qa", "host=127.0.0.1 port=1 password=s3cretpw dbname=q", "postgres://qa:s3cretpw@[bad"] {
            let error = #expect(throws: StorageError.self) { try PostgreSQLDataStore.open(location) }
            let message = error?.description ?? ""
            #expect(!message.contains("s3cretpw"), "\(message)")
            #expect(message.contains("127.0.0.1") || message.contains("[bad"), "\(message)")
        }
    }
}
