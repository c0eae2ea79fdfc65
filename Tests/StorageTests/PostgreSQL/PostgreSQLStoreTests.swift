import Dispatch
import Foundation
import QuickActions
import Synchronization
import Testing

@testable import Storage

/// What only the PostgreSQL store does: migrate once when instances start together, refuse a
/// newer schema, fail with a `StorageError` (not a crash) when its tables are gone, and keep
/// the password out of every message.
@Suite(.enabled(if: TestPostgreSQL.conninfo != nil)) struct PostgreSQLStoreTests {
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
