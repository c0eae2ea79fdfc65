import Foundation
import TestSupport
import Testing

/// A schema version someone tampered with, through the real binary: start-up stops with a
/// non-zero exit status and a message naming the version it found (and where), never a crash,
/// and leaves the database as it was. SQLite keeps the version in `PRAGMA user_version`,
/// PostgreSQL in the table `quickactiond_schema`.
@Suite struct SchemaVersionEndToEndTests {
    /// Expects `run` to be a refusal naming every one of `words`.
    static func expectRefusal(_ run: FinishedRun, naming words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!run.listened, "it started on a database it should refuse", sourceLocation: sourceLocation)
        switch run.exit {
        case .exited(let status): #expect(status != 0, "exit status 0", sourceLocation: sourceLocation)
        case .signalled, .hung: Issue.record("expected a non-zero exit status, got \(run.exit): \(run.standardError)", sourceLocation: sourceLocation)
        }
        for word in words {
            #expect(run.standardError.contains(word), "the message should name \(word): \(run.standardError)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "SQLite: a negative user_version, and 0 on a database with tables, stop start-up naming the version", arguments: ["-5", "0", "-2147483648"])
    func sqliteVersionNoQuickactiondWrites(version: String) throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        _ = try server.createContact(name: "Kept")
        #expect(server.stop() == .exited(0))
        try StartupRefusalEndToEndTests.sqlite(directory.path("test.sqlite"), "PRAGMA user_version = \(version);")
        // Also checks that the message names the file and that the file was left untouched.
        let message = try StartupRefusalEndToEndTests.expectRefusal(directory)
        #expect(message.contains("schema version \(version)"), "\(message)")
    }

    @Test(
        "PostgreSQL: a negative, zero, newer or missing version stops start-up naming it and the table",
        .enabled(if: TestPostgreSQLServer.enabled),
        arguments: [
            ("UPDATE quickactiond_schema SET version = -5", ["schema version -5", "quickactiond_schema"]),
            ("UPDATE quickactiond_schema SET version = 0", ["schema version 0", "quickactiond_schema"]),
            ("UPDATE quickactiond_schema SET version = 99", ["schema version 99", "quickactiond_schema", "upgrade"]),
            ("DELETE FROM quickactiond_schema", ["no schema version", "quickactiond_schema"]),
            ("DROP TABLE quickactiond_schema", ["no schema version", "quickactiond_schema"]),
        ])
    func postgresVersionItDoesNotKnow(tampering: String, words: [String]) throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let server = try TestPostgreSQLServer.server(conninfo)
            _ = try server.createContact(name: "Kept")
            #expect(server.stop() == .exited(0))
            let store = StoreQuery.postgres(conninfo)
            _ = try store.run(tampering)
            let run = try ServerProcess.runToExit(directory: try TemporaryDirectory(), arguments: ["--db", conninfo, "--no-seed"])
            Self.expectRefusal(run, naming: words)
            #expect(try store.integer("SELECT count(*) FROM contacts") == 1, "the refused database was left as it was")
            #expect(
                try store.integer("SELECT count(*) FROM pg_tables WHERE tablename = 'quickactiond_schema'") == (tampering.hasPrefix("DROP") ? 0 : 1))
        }
    }
}
