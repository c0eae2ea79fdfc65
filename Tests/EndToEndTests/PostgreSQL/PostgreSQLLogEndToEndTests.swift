import Foundation
import Glibc
import TestSupport
import Testing

/// What quickactiond on PostgreSQL says on stderr: only JSON lines, the server's notices among
/// them at their severity's level; and, when the server stops letting it in, libpq's reason
/// once (never the password), and once more when it is back.
@Suite(.enabled(if: TestPostgreSQLServer.enabled), .serialized) struct PostgreSQLLogEndToEndTests {
    /// The lines of `log` that are not JSON objects.
    static func nonJSONLines(_ log: String) -> [Substring] {
        log.split(separator: "\n").filter { line in
            guard let data = line.data(using: .utf8), (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else { return true }
            return false
        }
    }

    /// The JSON lines of `log` whose `msg` is (or, `prefix`, starts with) `message`.
    static func lines(_ log: String, message: String, prefix: Bool = false) -> [[String: Any]] {
        log.split(separator: "\n").compactMap { line in
            guard let data = line.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                let msg = object["msg"] as? String, prefix ? msg.hasPrefix(message) : msg == message
            else { return nil }
            return object
        }
    }

    @Test("The server's NOTICEs (a second start's migration: relation already exists, skipping) are JSON log lines; stderr holds nothing else")
    func noticesAreJSONLines() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let first = try TestPostgreSQLServer.server(conninfo)
            #expect(first.stop() == .exited(0))
            let second = try TestPostgreSQLServer.server(conninfo, arguments: ["--log-level", "info"])
            defer { second.stop() }
            _ = try second.createContact(name: "Noticed")
            #expect(second.stop() == .exited(0))
            let log = try String(contentsOfFile: second.standardErrorPath, encoding: .utf8)
            #expect(Self.nonJSONLines(log).isEmpty, "stderr lines that are not JSON: \(Self.nonJSONLines(log))")
            let notices = Self.lines(log, message: "PostgreSQL NOTICE: ", prefix: true)
            let skipped = notices.first { ($0["msg"] as? String)?.contains("already exists, skipping") == true }
            #expect(skipped != nil, "no notice of the migration's CREATE ... IF NOT EXISTS in:\n\(log)")
            #expect(skipped?["level"] as? String == "info")
            #expect(skipped?["sqlstate"] as? String == "42P07", "\(String(describing: skipped))")
        }
    }

    @Test("A password that stops working is logged once with libpq's reason and never the password, and recovery once; a wrong one stops start-up")
    func aChangedPasswordIsLoggedOnceWithItsReason() throws {
        let cluster = try PrivatePostgreSQLCluster()
        defer { cluster.remove() }
        let password = "first-Secret-4711"
        let changed = "second-Secret-0815"
        for sql in ["CREATE ROLE qa_app LOGIN PASSWORD '\(password)'", "CREATE DATABASE qa_pw OWNER qa_app"] {
            _ = try TestPostgreSQLServer.psql(sql, conninfo: cluster.conninfo)
        }
        try cluster.requirePassword(role: "qa_app")
        let port = try String(contentsOf: cluster.directory.appendingPathComponent("port"), encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let location = { (password: String) in "host=127.0.0.1 port=\(port) user=qa_app dbname=qa_pw password=\(password)" }

        let refused = try ServerProcess.runToExit(directory: TemporaryDirectory(), arguments: ["--db", location(changed)])
        #expect(!refused.listened)
        #expect(refused.exit != .exited(0) && refused.exit != .hung, "\(refused.exit)")
        #expect(refused.standardError.contains("password authentication failed for user \"qa_app\""), "\(refused.standardError)")
        #expect(!refused.standardError.contains(changed), "the password was printed: \(refused.standardError)")

        let server = try TestPostgreSQLServer.server(location(password))
        defer { server.stop() }
        _ = try server.createContact(name: "Before")
        _ = try TestPostgreSQLServer.psql("ALTER ROLE qa_app PASSWORD '\(changed)'", conninfo: cluster.conninfo)
        _ = try TestPostgreSQLServer.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = 'qa_app'", conninfo: cluster.conninfo)
        // Requests meanwhile fail (503) while the service tries to connect again, several times.
        var refusals = 0
        let deadline = Date().addingTimeInterval(4)
        while Date() < deadline {
            if try server.request("GET", "/contacts").status == 503 { refusals += 1 }
            usleep(100_000)
        }
        #expect(refusals > 5, "only \(refusals) requests were refused with the password changed")
        _ = try TestPostgreSQLServer.psql("ALTER ROLE qa_app PASSWORD '\(password)'", conninfo: cluster.conninfo)
        #expect(try PostgreSQLOutageEndToEndTests.awaitReadiness(server, 200, within: 10), "/readyz did not recover")
        #expect(try server.listContacts().contacts.map(\.name) == ["Before"])

        let log = try server.standardError()
        #expect(!log.contains(password) && !log.contains(changed), "a password was logged")
        #expect(Self.nonJSONLines(log).isEmpty, "stderr lines that are not JSON: \(Self.nonJSONLines(log))")
        let unreachable = Self.lines(log, message: "PostgreSQL unreachable")
        #expect(unreachable.count == 1, "\(unreachable.count) 'PostgreSQL unreachable' lines for one outage:\n\(log)")
        #expect(
            (unreachable.first?["error"] as? String)?.contains("password authentication failed for user \"qa_app\"") == true,
            "\(String(describing: unreachable.first))")
        #expect(Self.lines(log, message: "PostgreSQL reachable again").count == 1, "\(log)")
    }
}
