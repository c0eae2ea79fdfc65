import Dispatch
import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StorageSQLite

/// Row inserts that reach the committer together run as one multi-row statement
/// (`SQLiteRowInsert.run`): each must still get its own rowid, be indexed, and fail alone.
@Suite struct SQLiteGroupedInsertTests {
    @Test func insertsCommittedTogetherEachGetTheirOwnRowAndAreSearchable() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let database = try SQLiteDatabase(path: directory.path("g.sqlite"))
            let rows = (0..<40).map { Self.row(id: "id\($0)", name: "Writer Number\($0)x") }
            let results = Self.insertTogether(rows, into: database)
            let rowids = try results.map { try $0.get() }
            #expect(Set(rowids).count == rows.count)
            try database.readers.read { connection throws(StorageError) in
                // One statement, so FTS5 flushed its terms once: one index segment for all 40.
                #expect(try connection.integer("SELECT count(DISTINCT segid) FROM contacts_search_idx") == 1)
                for (row, rowid) in zip(rows, rowids) {
                    #expect(try connection.firstRow("SELECT id FROM contacts WHERE seq = ?", [.integer(rowid)]) { $0.text(at: 0) } == row.key)
                    // The trigram index holds the row under its own rowid.
                    let phrase = SQLiteContactQuerySQL.phrase(SearchFolding.fold("Number\(row.key.dropFirst(2))x"))
                    let found = try connection.rows("SELECT rowid FROM contacts_search WHERE contacts_search MATCH ?", [.text(phrase)]) {
                        $0.int64(at: 0)
                    }
                    #expect(found == [rowid])
                }
            }
        }
    }

    @Test func aRowThatFailsInAGroupFailsAloneAndTheOthersCommit() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let database = try SQLiteDatabase(path: directory.path("g.sqlite"))
            // Row 7 repeats row 3's id: UNIQUE fails the one statement, then only row 7 alone.
            let rows = (0..<12).map { Self.row(id: $0 == 7 ? "id3" : "id\($0)", name: "Row \($0)") }
            let results = Self.insertTogether(rows, into: database)
            for (index, result) in results.enumerated() {
                if index == 7 {
                    #expect(throws: StorageError.self) { try result.get() }
                } else {
                    #expect(throws: Never.self) { try result.get() }
                }
            }
            let stored = try database.readers.read { connection throws(StorageError) in
                try connection.rows("SELECT name FROM contacts ORDER BY seq", []) { $0.text(at: 0) }
            }
            #expect(stored == rows.indices.filter { $0 != 7 }.map { "Row \($0)" })
        }
    }

    @Test func rowsOfOneBatchAreAdmittedUpToTheirAccountsQuotaCountingTheRowsStoredAndThoseBeforeThem() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let database = try SQLiteDatabase(path: directory.path("g.sqlite"))
            _ = Self.insertTogether([Self.row(id: "old0", name: "Old 0"), Self.row(id: "old1", name: "Old 1")], into: database)
            // Quota 5 with 2 stored: the batch's first 3 rows go in, in their order; the rest are refused.
            let rows = (0..<12).map { Self.row(id: "id\($0)", name: "New \($0)", quota: 5) }
            let results = Self.insertTogether(rows, into: database)
            #expect(results.prefix(3).allSatisfy { (try? $0.get()) != nil })
            for result in results.dropFirst(3) {
                let error = #expect(throws: StorageError.self) { try result.get() }
                #expect(error?.cause == .quotaExceeded)
            }
            let stored = try database.readers.read { connection throws(StorageError) in
                try connection.rows("SELECT id FROM contacts ORDER BY seq", []) { $0.text(at: 0) }
            }
            #expect(stored == ["old0", "old1", "id0", "id1", "id2"])
        }
    }

    /// A contacts row as the repository inserts it.
    private static func row(id: String, name: String, quota: Int? = nil) -> SQLiteRowInsert {
        SQLiteRowInsert(
            statement: .contact,
            values: [
                .integer(AccountKey.default.rawValue), .text(id), .text(name), .null, .bool(false), .integer(1), .integer(1),
                .text(SearchFolding.key(name: name, email: nil)),
            ],
            key: id, account: .default, quota: quota)
    }

    /// Holds the writer connection with a write that waits, queues every row, then lets the
    /// writer go: the committer takes all of them in one batch. The results, in `rows` order.
    private static func insertTogether(_ rows: [SQLiteRowInsert], into database: SQLiteDatabase) -> [Result<Int64, StorageError>] {
        let holding = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let blocker = DispatchGroup()
        DispatchQueue.global().async(group: blocker) {
            _ = try? database.write { _ throws(StorageError) in
                holding.signal()
                release.wait()
            }
        }
        holding.wait()
        let results = Mutex<[Int: Result<Int64, StorageError>]>([:])
        let inserted = DispatchGroup()
        for (index, row) in rows.enumerated() {
            inserted.enter()
            database.insert(row) { result in
                results.withLock { $0[index] = result }
                inserted.leave()
            }
        }
        release.signal()
        blocker.wait()
        inserted.wait()
        return results.withLock { all in rows.indices.map { all[$0] ?? .failure(StorageError(message: "no result")) } }
    }
}
