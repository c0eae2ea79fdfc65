import Foundation
import TestSupport
import Testing

/// The real binary refuses a database file that is not its own, or is newer than it, says
/// why with the path, exits non-zero, and leaves the file's bytes as they were.
@Suite struct StartupRefusalEndToEndTests {
    /// Runs SQL on a database file with the sqlite3 command-line shell, or Python's sqlite3
    /// module where the shell is missing.
    static func sqlite(_ path: String, _ sql: String) throws {
        let command =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")
            ? ["/usr/bin/sqlite3", path, sql]
            : [
                "/usr/bin/env", "python3", "-c",
                "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.executescript(sys.argv[2]); c.commit(); c.close()", path, sql,
            ]
        guard let exit = try ChildProcess.run(command[0], Array(command.dropFirst()), seconds: 10) else {
            throw EndToEndError("sqlite3 did not finish within 10 s")
        }
        guard exit == .exited(0) else { throw EndToEndError("sqlite3 \(sql) failed: \(exit)") }
    }

    /// Starts the binary on `directory`'s database, expects a refusal, and returns its message.
    static func expectRefusal(_ directory: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = directory.path("test.sqlite")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--no-seed"])
        #expect(!run.listened, "it started on a database it should refuse", sourceLocation: sourceLocation)
        switch run.exit {
        case .exited(let status): #expect(status != 0, "exit status 0", sourceLocation: sourceLocation)
        case .signalled, .hung: Issue.record("expected a non-zero exit status, got \(run.exit)", sourceLocation: sourceLocation)
        }
        #expect(run.standardError.contains(path), "the message should name \(path): \(run.standardError)", sourceLocation: sourceLocation)
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(after == before, "the refused file was changed (\(before.count) bytes before, \(after.count) after)", sourceLocation: sourceLocation)
        return run.standardError
    }

    @Test("A file of garbage bytes is refused: non-zero exit, message names the path, file unchanged")
    func garbageFile() throws {
        let directory = try TemporaryDirectory()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) })
        try garbage.write(to: URL(fileURLWithPath: directory.path("test.sqlite")))
        let message = try Self.expectRefusal(directory)
        #expect(message.lowercased().contains("not a sqlite database"), "\(message)")
    }

    @Test("Another application's SQLite database is refused and left unchanged")
    func foreignDatabase() throws {
        let directory = try TemporaryDirectory()
        try Self.sqlite(directory.path("test.sqlite"), "CREATE TABLE x (a TEXT); INSERT INTO x VALUES ('theirs');")
        let message = try Self.expectRefusal(directory)
        #expect(message.contains("not a quickactiond"), "\(message)")
    }

    @Test("A quickactiond database from a newer version (user_version 99) is refused and left unchanged")
    func newerSchema() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "From The Future")
        #expect(server.stop() == .exited(0))
        try Self.sqlite(directory.path("test.sqlite"), "PRAGMA user_version = 99;")

        let message = try Self.expectRefusal(directory)
        // Reading: the operator must learn the file is newer than this binary. The word "newer",
        // or the version it found together with the advice to upgrade, both say so.
        let lower = message.lowercased()
        #expect(lower.contains("newer") || (lower.contains("99") && lower.contains("upgrade")), "\(message)")
    }
}
