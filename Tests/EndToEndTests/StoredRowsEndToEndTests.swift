import Foundation
import TestSupport
import Testing

/// Rows no request could have written, put straight into the store while the server is down:
/// the next start serves everything else, logs each such row with its table and id, and
/// counts it in `/metrics`.
@Suite struct StoredRowsEndToEndTests {
    /// 10000-01-01T23:59:00Z: `9999-12-31T23:59:59-23:59` as milliseconds.
    static let pastYear9999 = "253402387140000"
    /// 0001-01-01T00:00:00Z minus one millisecond.
    static let beforeYear1 = "-62135596800001"

    @Test("Times outside the years 0001 to 9999 in UTC are a 422 naming the field, and change nothing")
    func timesOutsideTheYearsAreRefused() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        for (field, from, until) in [
            ("until", "2026-01-01T00:00:00Z", "9999-12-31T23:59:59-23:59"), ("from", "0000-01-01T00:00:00+00:01", "2026-01-01T00:00:00Z"),
        ] {
            let response = try server.request(
                "POST", "/scheduled-items", json: #"{"type":"Sale","title":{"default":"Sale"},"from":"\#(from)","until":"\#(until)"}"#)
            let problem = try Expect.problem(response, 422)
            #expect(problem.field == field, "\(response.text)")
            #expect(problem.detail.contains("0001 to 9999"))
        }
        #expect(try server.request("GET", "/scheduled-items").status == 200)
    }

    @Test("SQLite: undecodable rows written into the file are skipped at start-up, logged with their ids, counted in /metrics")
    func sqliteRowsThatDoNotReadAreSkipped() throws {
        let directory = try TemporaryDirectory()
        let first = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        let good = try Self.writeGoodRows(first)
        first.stop()
        let sql = """
            INSERT INTO scheduled_items (id, type, title, from_ms, until_ms, created_ms, revision)
                VALUES ('badUntil', 'Sale', '{"default":"Bad"}', 0, \(Self.pastYear9999), 0, 1);
            INSERT INTO scheduled_items (id, type, title, from_ms, until_ms, created_ms, revision)
                VALUES ('badTitle', 'Sale', 'not json', 0, 4102444800000, 0, 1);
            INSERT INTO contacts (account, id, name, favorite, created_ms, updated_ms, revision, search_key)
                VALUES (1, 'badCreated', 'Bad Created', 1, \(Self.beforeYear1), 0, 1, 'bad created');
            INSERT INTO contacts (account, id, name, favorite, created_ms, updated_ms, revision, search_key)
                VALUES (1, 'badType', 'Bad Type', 1, 'yesterday', 0, 1, 'bad type');
            INSERT INTO tombstones (account, contact_id, reason, since_ms) VALUES (1, 'badSince', 'deleted', \(Self.pastYear9999));
            """
        let child = try ChildProcess("/usr/bin/sqlite3", [first.databasePath, sql], output: .pipe, error: .output)
        let printed = String(decoding: child.readOutputToEnd(), as: UTF8.self)
        #expect(child.wait() == .exited(0), "\(printed)")
        let second = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { second.stop() }
        try Self.expectServed(second, good: good, skipped: ["scheduled_items": 2, "contacts": 2, "tombstones": 1])
    }

    @Test(
        "PostgreSQL: undecodable rows written into the database are skipped at start-up, logged with their ids, counted in /metrics",
        .enabled(if: TestPostgreSQLServer.enabled, "QUICKACTIOND_TEST_POSTGRES is not set: no PostgreSQL server to write rows into"))
    func postgresRowsThatDoNotReadAreSkipped() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let first = try ServerProcess(arguments: ["--db", conninfo, "--no-seed"])
            let good = try Self.writeGoodRows(first)
            first.stop()
            _ = try StoreQuery.postgres(conninfo).run(
                """
                INSERT INTO scheduled_items (id, type, title, from_ms, until_ms, created_ms, revision)
                    VALUES ('badUntil', 'Sale', '{"default":"Bad"}', 0, \(Self.pastYear9999), 0, 1),
                           ('badTitle', 'Sale', 'not json', 0, 4102444800000, 0, 1);
                INSERT INTO contacts (account, id, name, favorite, created_ms, updated_ms, revision, search_key)
                    VALUES (1, 'badCreated', 'Bad Created', true, \(Self.beforeYear1), 0, 1, 'bad created');
                INSERT INTO tombstones (account, contact_id, reason, since_ms) VALUES (1, 'badSince', 'deleted', \(Self.pastYear9999));
                """)
            let second = try ServerProcess(arguments: ["--db", conninfo, "--no-seed"])
            defer { second.stop() }
            try Self.expectServed(second, good: good, skipped: ["scheduled_items": 2, "contacts": 1, "tombstones": 1])
        }
    }

    /// A favorite, a contact whose favorite was removed (a disabled item) and a scheduled item
    /// showing now; returns the favorite's and the scheduled item's ids.
    static func writeGoodRows(_ server: ServerProcess) throws -> (favorite: String, scheduled: String) {
        let favorite = try server.createContact(name: "Ada Lovelace", favorite: true)
        let other = try server.createContact(name: "Alan Turing", favorite: true)
        #expect(try server.request("DELETE", "/contacts/\(other.id)").status == 204)
        let now = Date()
        let scheduled = try ScheduledItemsEndToEndTests.schedule(
            server, "SaleAction", from: now.addingTimeInterval(-3600), until: now.addingTimeInterval(3600))
        return (favorite.id, scheduled)
    }

    /// Checks that `server` serves the good rows, leaves the bad ones out, and logs and counts them.
    static func expectServed(_ server: ServerProcess, good: (favorite: String, scheduled: String), skipped: [String: Int]) throws {
        let scheduled = try server.request("GET", "/scheduled-items")
        #expect(scheduled.status == 200, "\(scheduled.text)")
        #expect(scheduled.text.contains(good.scheduled) && !scheduled.text.contains("badUntil") && !scheduled.text.contains("badTitle"))
        let list = try server.request("GET", "/shortcuts?include=disabled")
        #expect(list.status == 200, "\(list.text)")
        #expect(list.text.contains(good.favorite) && list.text.contains("SaleAction"), "\(list.text)")
        #expect(!list.text.contains("badCreated") && !list.text.contains("badType") && !list.text.contains("badSince"))
        #expect(try server.request("GET", "/readyz").status == 200)
        let metrics = try server.request("GET", "/metrics").text
        for (table, count) in skipped {
            #expect(metrics.contains("quickactiond_stored_rows_skipped_total{table=\"\(table)\"} \(count)\n"), "\(table) in:\n\(metrics)")
        }
        let log = try server.standardError()
        for id in ["badUntil", "badTitle", "badCreated", "badSince"] {
            #expect(log.contains("\"id\":\"\(id)\""), "the log names \(id)")
        }
    }
}
