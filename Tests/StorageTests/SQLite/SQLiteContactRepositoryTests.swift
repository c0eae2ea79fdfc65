import CSQLite3
import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StorageSQLite

/// What only the SQLite repository promises: durability, schema versioning, and refusing
/// files that are not its own databases without touching them.
@Suite struct SQLiteContactRepositoryTests {
    @Test func dataSurvivesClosingAndReopening() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            let before: [Contact]
            do {
                let repository = try SQLiteContactRepository.open(path: path)
                try repository.seedIfEmpty()
                let ada = try #require(try repository.contacts(named: "Ada Lovelace").first)
                _ = try repository.update(id: ada.id, ContactPatch(name: "Countess Byron"), expectedRevision: nil)
                let alan = try #require(try repository.contacts(named: "Alan Turing").first)
                _ = try repository.delete(id: alan.id, expectedRevision: nil)
                before = try repository.list(ContactQuery()).contacts
            }
            let reopened = try SQLiteContactRepository.open(path: path)
            #expect(try reopened.list(ContactQuery()).contacts == before)
            #expect(try reopened.search("byron") == ["Countess Byron"])
            #expect(try reopened.seedIfEmpty() == false)
            // The sequence continues after the deleted newest contact.
            #expect(try reopened.create(NewContact(name: "New")).sequence == 5)
        }
    }

    /// A kill -9 loses only the process's memory: what is in the files when a write returns is what survives.
    @Test func writesAreInTheFilesWhenTheyReturn() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            let repository = try SQLiteContactRepository.open(path: path)
            let ada = try repository.create(NewContact(name: "Ada Lovelace", favorite: true))
            _ = try repository.update(id: ada.id, ContactPatch(name: "Ada"), expectedRevision: nil)
            // Copy the database and its write-ahead log while the repository is still open.
            let copy = directory.path("copy.sqlite")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
            let recovered = try SQLiteContactRepository.open(path: copy)
            #expect(try recovered.get(id: ada.id)?.name == "Ada")
            #expect(try recovered.get(id: ada.id)?.revision == 2)
            _ = repository
        }
    }

    /// Writers and readers on many threads at once: no SQLITE_BUSY, no lost or duplicated writes,
    /// and a write is visible to every reader once it has returned.
    @Test func readsAndWritesFromManyThreads() throws {
        try TemporaryDirectory.with { directory in
            let repository = try SQLiteContactRepository.open(path: directory.path("contacts.sqlite"))
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                do {
                    for number in 0..<40 {
                        if worker % 2 == 0 {
                            let created = try repository.create(NewContact(name: "Worker \(worker) contact \(number)"))
                            guard try repository.get(id: created.id) == created else { throw StorageError(message: "lost \(created.id)") }
                            _ = try repository.update(id: created.id, ContactPatch(favorite: true), expectedRevision: 1)
                        } else {
                            _ = try repository.list(ContactQuery(text: "worker \(worker - 1)", limit: 10))
                            _ = try repository.list(ContactQuery(text: "\(number)", favorite: true))
                            _ = try repository.counts()
                        }
                    }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
            #expect(failures.withLock { $0 } == [])
            #expect(try repository.counts() == (160, 160))
            let all = try repository.list(ContactQuery(limit: 1000)).contacts
            #expect(Set(all.map(\.id)).count == 160)
            #expect(all.map(\.sequence) == Array(1...160))
            #expect(all.allSatisfy { $0.revision == 2 && $0.favorite })
        }
    }

    /// Past a couple of thousand trigram matches the total comes from an index scan instead:
    /// both ways must count the same.
    @Test func searchTotalsAgreeForManyMatches() throws {
        try TemporaryDirectory.with { directory in
            let repository = try SQLiteContactRepository.open(path: directory.path("contacts.sqlite"))
            var all: [Contact] = []
            for number in 0..<2_100 {
                let name = number % 7 == 0 ? "Other \(number)" : "Smith \(number)"
                all.append(try repository.create(NewContact(name: name, email: "s\(number)@example.com", favorite: number % 3 == 0)))
            }
            for text in ["smith", "SMITH 1", "example", "ot", "1"] {
                for favorite in [nil, true, false] as [Bool?] {
                    for after in [nil, all[1_000].sequence] {
                        let query = ContactQuery(text: text, favorite: favorite, limit: 10, after: after)
                        let page = try repository.list(query)
                        let expected = all.filter(query.matches)
                        #expect(page.total == expected.count, "\(text) \(String(describing: favorite)) \(String(describing: after))")
                        #expect(page.contacts == Array(expected.filter { $0.sequence > after ?? 0 }.prefix(10)))
                    }
                }
            }
        }
    }

    @Test func newDatabaseIsMarkedAndVersioned() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            _ = try SQLiteContactRepository.open(path: path)
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA application_id") == 0x5141_4354)
                #expect(try database.integer("PRAGMA user_version") == currentSchemaVersion)
                #expect(try database.text("PRAGMA journal_mode") == "wal")
                #expect(try database.integer("SELECT count(*) FROM sqlite_schema WHERE name = 'contacts_search'") == 1)
            }
            // Reopening an up-to-date database keeps its version.
            _ = try SQLiteContactRepository.open(path: path)
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA user_version") == currentSchemaVersion)
            }
        }
    }

    @Test func emptyFileIsANewDatabase() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
            let repository = try SQLiteContactRepository.open(path: path)
            #expect(try repository.seedIfEmpty())
        }
    }

    @Test func refusesAFileThatIsNotSQLite() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
            #expect(FileManager.default.createFile(atPath: path, contents: garbage))
            let error = try refusal(path)
            #expect(error.message.contains("not a SQLite database"))
            #expect(FileManager.default.contents(atPath: path) == garbage)
        }
    }

    @Test func refusesACorruptDatabase() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            do {
                let repository = try SQLiteContactRepository.open(path: path)
                for number in 0..<300 {
                    _ = try repository.create(NewContact(name: "Contact number \(number) with a longish name", email: "c\(number)@example.com"))
                }
            }
            // Scribble over the middle of the file, where the contacts' b-tree pages are.
            var bytes = try #require(FileManager.default.contents(atPath: path))
            #expect(bytes.count > 8 * 4096)
            for offset in (4 * 4096)..<(6 * 4096) { bytes[offset] = 0xA5 }
            try bytes.write(to: URL(fileURLWithPath: path))
            let error = try refusal(path)
            #expect(error.message.contains("corrupt"))
            #expect(FileManager.default.contents(atPath: path) == bytes)
        }
    }

    @Test func refusesAnotherApplicationsDatabase() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("notes.sqlite")
            try RawDatabase.with(path, create: true) { database throws in
                try database.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')")
            }
            let original = try #require(FileManager.default.contents(atPath: path))
            let error = try refusal(path)
            #expect(error.message.contains("not a quickactiond"))
            #expect(FileManager.default.contents(atPath: path) == original)
            try RawDatabase.with(path) { database throws in
                #expect(try database.text("PRAGMA journal_mode") == "delete")
                #expect(try database.text("SELECT body FROM notes") == "keep me")
            }
        }
    }

    @Test func refusesANewerSchema() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            _ = try SQLiteContactRepository.open(path: path)
            try RawDatabase.with(path) { database throws in try database.execute("PRAGMA user_version = 99") }
            let error = try refusal(path)
            #expect(error.message.contains("schema version 99"))
            try RawDatabase.with(path) { database throws in
                #expect(try database.integer("PRAGMA user_version") == 99)
            }
        }
    }

    @Test(arguments: [-5, 0, Int64(Int32.min)])
    func refusesASchemaVersionNoQuickactiondWrites(version: Int64) throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            _ = try SQLiteContactRepository.open(path: path)
            try RawDatabase.with(path) { database throws in try database.execute("PRAGMA user_version = \(version)") }
            let original = try #require(FileManager.default.contents(atPath: path))
            let error = try refusal(path)
            #expect(error.message.contains("schema version \(version)"), "\(error)")
            #expect(FileManager.default.contents(atPath: path) == original)
        }
    }

    @Test func refusesAPathInsideARegularFile() throws {
        try TemporaryDirectory.with { directory in
            let file = directory.path("plain-file")
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
            _ = try refusal(file + "/contacts.sqlite")
        }
    }

    /// Root writes anywhere, so permissions can only be tested as another user.
    @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
    func refusesAnUnwritableDirectory() throws {
        try TemporaryDirectory.with { directory in
            let locked = directory.url.appendingPathComponent("locked")
            try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: false)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
            _ = try refusal(locked.appendingPathComponent("contacts.sqlite").path)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root ignores file permissions"))
    func refusesAReadOnlyDatabase() throws {
        try TemporaryDirectory.with { directory in
            let path = directory.path("contacts.sqlite")
            _ = try SQLiteContactRepository.open(path: path)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
            let error = try refusal(path)
            #expect(error.message.contains("read-only") || error.message.contains("cannot write"))
        }
    }

    @Test func refusesAnInMemoryPath() {
        #expect(throws: StorageError.self) { try SQLiteContactRepository.open(path: ":memory:") }
        #expect(throws: StorageError.self) { try SQLiteContactRepository.open(path: "") }
    }

    /// The error `open` throws for `path`, which must name the path.
    private func refusal(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> StorageError {
        let error = try #require(throws: StorageError.self, sourceLocation: sourceLocation) {
            try SQLiteContactRepository.open(path: path)
        }
        #expect(error.message.contains(path), "\(error)", sourceLocation: sourceLocation)
        return error
    }
}

/// The schema version this build writes: bump with every migration.
private let currentSchemaVersion: Int64 = 12
