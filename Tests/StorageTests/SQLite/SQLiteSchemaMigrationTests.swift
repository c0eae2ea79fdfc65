import Foundation
import QuickActions
import StorageCore
import Testing

@testable import StorageSQLite

/// Databases written by an earlier quickactiond are migrated in place at start-up.
@Suite struct SQLiteSchemaMigrationTests {
    @Test func aVersion2DatabaseIsMigratedAndItsSearchIndexRebuilt() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("v2.sqlite")
            let names = ["Ada Lovelace", "Anders Ångström", "Grace Hopper", "Alan Turing"]
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("PRAGMA journal_mode = WAL")
                for migration in SQLiteSchema.migrations.prefix(2) { try database.execute(migration) }
                for (index, name) in names.enumerated() {
                    let key = SearchFolding.key(name: name, email: "\(index)@example.com").replacingOccurrences(of: "'", with: "''")
                    try database.execute(
                        "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms, revision, search_key) "
                            + "VALUES ('id\(index)', '\(name)', '\(index)@example.com', \(index % 2), 1, 1, 1, '\(key)')")
                }
                try database.execute("PRAGMA user_version = 2; PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            let repository = try SQLiteContactRepository.open(path: path)
            #expect(try repository.search("angstrom") == ["Anders Ångström"])
            #expect(try repository.list(ContactQuery(text: "an", limit: 1, after: 1)).total == 2)
            #expect(try repository.contacts(named: "Grace Hopper").map(\.id) == ["id2"])
            #expect(try repository.favorites().map(\.name) == ["Anders Ångström", "Alan Turing"])
            let added = try repository.create(NewContact(name: "Ada Byron"))
            #expect(try repository.search("ada") == ["Ada Lovelace", "Ada Byron"])
            _ = try repository.delete(id: added.id, expectedRevision: nil)
            #expect(try repository.search("byron") == [])
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
                #expect(
                    try database.integer(
                        "SELECT count(*) FROM sqlite_schema WHERE name IN ('contacts_name', 'contacts_favorite_search_key', 'contacts_search_docsize')"
                    ) == 0)
                #expect(try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'contacts_search'") == 1)
                // Migration 4: triggers by age, for the retention purge.
                #expect(try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'triggers_received'") == 1)
            }
        }
    }

    /// A database of the previous release (schema 5: one person, no accounts) keeps every row
    /// as the account `default`, and the new accounts start empty beside it.
    @Test func aVersion5DatabaseBecomesTheDefaultAccountLosingNothing() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("v5.sqlite")
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("PRAGMA journal_mode = WAL")
                for migration in SQLiteSchema.migrations.prefix(5) { try database.execute(migration) }
                for (index, name) in ["Ada Lovelace", "Grace Hopper", "Alan Turing"].enumerated() {
                    let key = SearchFolding.key(name: name, email: nil)
                    try database.execute(
                        "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms, revision, search_key) "
                            + "VALUES ('id\(index)', '\(name)', NULL, \(index == 1 ? 1 : 0), 1, 1, 1, '\(key)')")
                }
                try database.execute(
                    "INSERT INTO triggers (id, type, received_ms, message, contact_id) VALUES ('t1', 'FavoriteAction', 7, 'm', 'id1');"
                        + "INSERT INTO idempotency_keys (key, request_digest, status, body, created_ms) VALUES ('key-1', 'dg', 200, '{\"id\":\"t1\"}', 7);"
                        + "PRAGMA user_version = 5; PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            let store = try SQLiteDataStore.open(path: path)
            let account = try #require(try store.accounts.account(id: Account.defaultID))
            #expect(account.key == .default && account.name == "default")
            let contacts = store.contacts(of: .default)
            #expect(try contacts.list(ContactQuery()).contacts.map(\.id) == ["id0", "id1", "id2"])
            #expect(try contacts.favorites().map(\.name) == ["Grace Hopper"])
            #expect(try contacts.search("hopper") == ["Grace Hopper"])
            let triggers = store.triggers(of: .default)
            #expect(try triggers.triggers(limit: 10, type: nil, contactId: "id1").map(\.id) == ["t1"])
            #expect(try triggers.answer(forKey: "key-1")?.body == Array(#"{"id":"t1"}"#.utf8))
            // A new account sees none of it, and the old data does not see the new account's.
            let other = try store.accounts.createAccount(name: "New", tokenDigest: [1, 2, 3])
            #expect(try store.contacts(of: other.key).counts() == (0, 0))
            #expect(try store.contacts(of: other.key).search("hopper") == [])
            #expect(try store.triggers(of: other.key).answer(forKey: "key-1") == nil)
            _ = try store.contacts(of: other.key).create(NewContact(name: "Grace Hopper"))
            #expect(try contacts.search("hopper") == ["Grace Hopper"])
            #expect(try contacts.list(ContactQuery(text: "hopper")).total == 1)
            try store.close()
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
                #expect(try database.integer("SELECT count(*) FROM contacts WHERE account = 1") == 3)
                #expect(try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'idempotency_keys'") == 0)
            }
        }
    }

    /// A file that grew one commit at a time behind the server's back (as an import would) has
    /// an index segment per commit; opening it merges them, so searches stay fast.
    @Test func openingMergesAFragmentedSearchIndex() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("fragmented.sqlite")
            _ = try SQLiteContactRepository.open(path: path)
            let segments = "SELECT count(DISTINCT segid) FROM contacts_search_idx"
            let before = try RawDatabase.with(path) { database throws in
                for index in 0..<60 {
                    let key = SearchFolding.key(name: "Person \(index)", email: nil)
                    try database.execute(
                        "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms, revision, search_key) "
                            + "VALUES ('id\(index)', 'Person \(index)', NULL, 0, 1, 1, 1, '\(key)')")
                }
                return try database.integer(segments)
            }
            let repository = try SQLiteContactRepository.open(path: path)
            let after = try RawDatabase.with(path) { database throws in try database.integer(segments) }
            #expect(before >= 16, "each commit wrote a segment (\(before))")
            #expect(after <= 4, "\(before) segments merged to \(after)")
            #expect(try repository.list(ContactQuery(text: "person 4")).total == 11)
        }
    }

    /// Schema 6 read an account's favorites through an index of (account, seq) and then the
    /// table, row by row; from 7 the favorites' index holds their columns, and the read uses
    /// it alone, in creation order, after a migration as on a new file.
    @Test func aVersion6DatabaseReadsFavoritesFromTheirIndexAlone() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("v6.sqlite")
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("PRAGMA journal_mode = WAL")
                for migration in SQLiteSchema.migrations.prefix(6) { try database.execute(migration) }
                for index in 0..<6 {
                    let name = "Person \(index)"
                    try database.execute(
                        "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms, revision, search_key, account) "
                            + "VALUES ('id\(index)', '\(name)', 'p\(index)@example.com', \(index % 2), 1, 2, 3, "
                            + "'\(SearchFolding.key(name: name, email: nil))', 1)")
                }
                try database.execute("PRAGMA user_version = 6; PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            let repository = try SQLiteContactRepository.open(path: path)
            let favorites = try repository.favorites()
            #expect(favorites.map(\.id) == ["id1", "id3", "id5"])
            #expect(favorites.allSatisfy { $0.favorite && $0.email?.hasSuffix("@example.com") == true && $0.revision == 3 })
            let plan = try RawDatabase.with(path) { database throws in
                try database.text("EXPLAIN QUERY PLAN " + SQLiteContactSQL.favorites.replacingOccurrences(of: "?", with: "1"), column: 3)
            }
            #expect(plan == "SEARCH c USING COVERING INDEX contacts_account_favorites_ranked (account=?)", "\(plan)")
            let fresh = directory.path("fresh.sqlite")
            _ = try SQLiteContactRepository.open(path: fresh)
            let freshPlan = try RawDatabase.with(fresh) { database throws in
                try database.text("EXPLAIN QUERY PLAN " + SQLiteContactSQL.favorites.replacingOccurrences(of: "?", with: "1"), column: 3)
            }
            #expect(freshPlan == plan)
        }
    }

    /// Schema 7 let a write land after its account's deletion: the rows it left go, the rest
    /// (the account `default`'s included) stay, and from 8 on the schema refuses a row of an
    /// account that does not exist, in every table that holds an account's data.
    @Test func aVersion7DatabaseLosesTheRowsOfDeletedAccountsAndRefusesNewOnes() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("v7.sqlite")
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("PRAGMA journal_mode = WAL")
                for migration in SQLiteSchema.migrations.prefix(7) { try database.execute(migration) }
                for (index, account) in [1, 9, 1].enumerated() {
                    try database.execute(
                        "INSERT INTO contacts (id, name, email, favorite, created_ms, updated_ms, revision, search_key, account) "
                            + "VALUES ('id\(index)', 'Person \(index)', NULL, 0, 1, 1, 1, '\(SearchFolding.key(name: "Person \(index)", email: nil))', "
                            + "\(account))")
                }
                try database.execute(
                    "INSERT INTO triggers (id, type, received_ms, message, account) VALUES ('t1', 'SearchAction', 7, 'm', 9), "
                        + "('t2', 'SearchAction', 8, 'm', 1);"
                        + "INSERT INTO idempotency_answers (account, key, request_digest, status, body, created_ms) VALUES (9, 'k', 'd', 200, '{}', 7);"
                        + "PRAGMA user_version = 7; PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            let store = try SQLiteDataStore.open(path: path)
            #expect(try store.contacts(of: .default).list(ContactQuery()).contacts.map(\.id) == ["id0", "id2"])
            #expect(try store.contacts(of: .default).search("person") == ["Person 0", "Person 2"], "the search index lost the orphan too")
            #expect(try store.triggers(of: .default).storedCounts() == (0, 1))
            let gone = AccountKey(9)
            let refused = #expect(throws: StorageError.self) { try store.contacts(of: gone).create(NewContact(name: "Orphan")) }
            #expect(refused?.cause == .accountDeleted, "\(String(describing: refused))")
            #expect(throws: StorageError.self) { try store.triggers(of: gone).record(Self.record, answer: nil) }
            #expect(try store.triggers(of: .default).record(Self.record, answer: nil) == nil)
            // The readiness probe writes a table of its own.
            try store.database.probe()
            try store.close()
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
                #expect(try database.integer("SELECT count(*) FROM contacts WHERE account = 9") == 0)
                #expect(try database.integer("SELECT count(*) FROM readiness_probe") == 0)
            }
        }
    }

    /// Schema 11 did not record the half-life of its usage keys: it opens with its keys as they
    /// were, its first start records its half-life, and a later change rescales them.
    @Test func aVersion11DatabaseRecordsItsHalfLifeAndKeepsItsKeys() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("v11.sqlite")
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("PRAGMA journal_mode = WAL")
                for migration in SQLiteSchema.migrations.prefix(11) { try database.execute(migration) }
                try database.execute(
                    "INSERT INTO contacts (id, name, favorite, created_ms, updated_ms, revision, search_key, usage_key) "
                        + "VALUES ('ada', 'Ada', 1, 1, 1, 1, 'ada', 1800000000000.5);"
                        + "PRAGMA user_version = 11; PRAGMA application_id = \(SQLiteSchema.applicationID)")
            }
            let day = try #require(UsageHalfLife(milliseconds: 86_400_000))
            let now = Timestamp(millisecondsSince1970: 1_800_000_000_000)
            let store = try SQLiteDataStore.open(path: path)
            #expect(try store.adoptUsageHalfLife(day, at: now) == .recorded)
            #expect(try store.contacts(of: .default).get(id: "ada")?.usageKey == 1_800_000_000_000.5)
            #expect(try store.adoptUsageHalfLife(.default, at: now) == .rescaled(from: day, keys: 1))
            let rescaled = try #require(try store.contacts(of: .default).get(id: "ada")?.usageKey)
            #expect(abs(rescaled - 1_800_000_000_007) < 0.01, "half a millisecond ahead under a day is 7 ms ahead under 14 days")
            try store.close()
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA user_version") == Int64(SQLiteSchema.migrations.count))
                #expect(try database.integer("SELECT value FROM settings WHERE name = 'usage_half_life_ms'") == 14 * 86_400_000)
            }
        }
    }

    private static let record = TriggerRecord(
        id: "t3", type: "SearchAction", userInfo: nil, launch: nil, deviceId: nil, receivedAt: Timestamp(millisecondsSince1970: 9),
        message: "m", contactId: nil)
}
