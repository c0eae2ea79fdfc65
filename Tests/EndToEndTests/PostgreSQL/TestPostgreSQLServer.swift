import Foundation
import Glibc
import TestSupport
import Testing

/// The PostgreSQL server the end-to-end tests may use: `QUICKACTIOND_TEST_POSTGRES`, a libpq
/// keyword string (`scripts/postgres.sh env` prints one). Each test makes a database of its
/// own with `psql` and drops it after, so tests running side by side share nothing.
enum TestPostgreSQLServer {
    /// The server's keyword string, when the tests are to use one.
    static let conninfo = ProcessInfo.processInfo.environment["QUICKACTIOND_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    /// Whether PostgreSQL tests run.
    static var enabled: Bool { conninfo != nil }

    /// Runs `sql` with psql against `conninfo`'s server (its `postgres` database).
    static func psql(_ sql: String, conninfo: String) throws -> String {
        let child = try ChildProcess(
            "/usr/bin/psql", ["-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-d", conninfo + " dbname=postgres", "-c", sql], output: .pipe,
            error: .output)
        let text = String(decoding: child.readOutputToEnd(), as: UTF8.self)
        guard child.wait() == .exited(0) else { throw EndToEndError("psql \(sql): \(text)") }
        return text
    }

    /// Runs `body` with the keyword string of a new, empty database on `conninfo`'s server
    /// (the shared one by default), dropped after.
    static func withDatabase<Result>(on conninfo: String? = conninfo, _ body: (String) throws -> Result) throws -> Result {
        guard let conninfo else { throw EndToEndError("QUICKACTIOND_TEST_POSTGRES is not set") }
        // Letters and digits only: CREATE DATABASE takes no parameters.
        let name = "qa_e2e_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        _ = try psql("CREATE DATABASE \(name)", conninfo: conninfo)
        defer { _ = try? psql("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", conninfo: conninfo) }
        return try body(conninfo + " dbname=\(name)")
    }

    /// Starts quickactiond on the database `conninfo` names.
    static func server(_ conninfo: String, arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess(arguments: ["--db", conninfo, "--log-level", "warning"] + arguments)
    }
}

/// A PostgreSQL cluster of its own (`scripts/postgres.sh` in a temporary directory), for tests
/// that stop or restart the server: the shared one keeps serving the other tests. Removed
/// (stopped first) on `remove()` and, as a last resort, on deinit.
final class PrivatePostgreSQLCluster {
    let directory: URL
    /// Its keyword string (Unix socket in `directory`, user postgres).
    private(set) var conninfo = ""
    private var removed = false

    /// Creates and starts the cluster (a few seconds: initdb).
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("qa-pg-\(UUID().uuidString.prefix(8))")
        try Self.script(["start", directory.path])
        let port = try String(contentsOf: directory.appendingPathComponent("port"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        conninfo = "host=\(directory.path) port=\(port) user=postgres"
    }

    deinit {
        remove()
    }

    /// `pg_ctl restart -m mode` (fast, immediate).
    func restart(_ mode: String) throws { try Self.restart(directory: directory.path, mode: mode) }
    /// `pg_ctl restart -m mode` of the cluster in `directory` (from any thread).
    static func restart(directory: String, mode: String) throws { try script(["restart", directory, mode]) }
    /// Stops it (fast).
    func stop() throws { try Self.script(["stop", directory.path]) }
    /// Starts it again.
    func start() throws { try Self.script(["start", directory.path]) }

    /// Makes `role` log in over TCP (127.0.0.1) with its password (SCRAM), as a managed
    /// PostgreSQL would; the Unix socket keeps trusting the tests' own sessions.
    func requirePassword(role: String) throws {
        let rules = directory.appendingPathComponent("data/pg_hba.conf")
        let current = try String(contentsOf: rules, encoding: .utf8)
        // The first matching line wins; written in place, so the file keeps its owner.
        try ("host all \(role) 127.0.0.1/32 scram-sha-256\n" + current).write(to: rules, atomically: false, encoding: .utf8)
        _ = try TestPostgreSQLServer.psql("SELECT pg_reload_conf()", conninfo: conninfo)
    }

    /// Stops it and deletes its directory.
    func remove() {
        guard !removed else { return }
        removed = true
        try? Self.script(["remove", directory.path])
    }

    /// Runs scripts/postgres.sh with `arguments` and waits for it.
    private static func script(_ arguments: [String]) throws {
        try RepositoryScript.run("scripts/postgres.sh", arguments)
    }
}
