import Foundation
import TestSupport
import Testing

/// The store the real binary runs on in a test: a SQLite file of its own, or, when
/// `QUICKACTIOND_TEST_POSTGRES` names a server, a PostgreSQL database of its own (dropped after).
/// Tests that must hold on every backend take `StorageBackend.available` as their arguments.
enum StorageBackend: String, Sendable, CustomTestStringConvertible {
    case sqlite, postgres

    /// SQLite always; PostgreSQL when a test server is given.
    static let available: [StorageBackend] = TestPostgreSQLServer.enabled ? [.sqlite, .postgres] : [.sqlite]

    var testDescription: String { rawValue }

    /// Runs `body` with `count` servers started with `arguments` on one new store, and a way to
    /// query that store behind their back. SQLite takes one process per file: `count` must be 1.
    /// The servers run in `directory` when given (a new one each otherwise).
    func withServers(
        _ count: Int = 1, directory: TemporaryDirectory? = nil, arguments: [String] = [], _ body: ([ServerProcess], StoreQuery) throws -> Void
    ) throws {
        switch self {
        case .sqlite:
            precondition(count == 1, "one process per SQLite file")
            let server = try ServerProcess(directory: directory ?? TemporaryDirectory(), arguments: arguments)
            defer { server.stop() }
            try body([server], .sqlite(server.databasePath))
        case .postgres:
            try TestPostgreSQLServer.withDatabase { conninfo in
                var servers: [ServerProcess] = []
                defer { for server in servers { server.stop() } }
                for _ in 0..<count {
                    servers.append(try ServerProcess(directory: directory ?? TemporaryDirectory(), arguments: ["--db", conninfo] + arguments))
                }
                try body(servers, .postgres(conninfo))
            }
        }
    }
}

/// SQL run on a server's store by another program (the sqlite3 shell, or psql), as an operator
/// would check it: what the store holds, whatever the server says.
struct StoreQuery: Sendable {
    /// Runs one statement and returns what it prints, one row a line, columns separated by `|`.
    let run: @Sendable (String) throws -> String

    /// The SQLite file at `path` (read-only: the server may be writing it).
    static func sqlite(_ path: String) -> StoreQuery {
        StoreQuery { sql in try StoreQuery.output("/usr/bin/sqlite3", ["-readonly", "-cmd", ".timeout 5000", path, sql]) }
    }

    /// The PostgreSQL database `conninfo` names.
    static func postgres(_ conninfo: String) -> StoreQuery {
        StoreQuery { sql in try StoreQuery.output("/usr/bin/psql", ["-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", "-d", conninfo, "-c", sql]) }
    }

    /// The integer `sql` selects.
    func integer(_ sql: String) throws -> Int {
        let text = try run(sql).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let value = Int(text) else { throw EndToEndError("\(sql) printed \(text)") }
        return value
    }

    /// How many rows the account with store key `key` has in each table that holds an account's data.
    func rowsOfAccount(key: Int) throws -> [String: Int] {
        var rows: [String: Int] = [:]
        for table in ["contacts", "triggers", "idempotency_answers"] {
            rows[table] = try integer("SELECT count(*) FROM \(table) WHERE account = \(key)")
        }
        return rows
    }

    /// The store's key of the account with public id `id` (ids are 20 letters and digits).
    func accountKey(id: String) throws -> Int {
        precondition(id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        return try integer("SELECT key FROM accounts WHERE id = '\(id)'")
    }

    private static func output(_ program: String, _ arguments: [String]) throws -> String {
        let child = try ChildProcess(program, arguments, output: .pipe, error: .output)
        let text = String(decoding: child.readOutputToEnd(), as: UTF8.self)
        guard child.wait() == .exited(0) else { throw EndToEndError("\(program) \(arguments.last ?? ""): \(text)") }
        return text
    }
}
