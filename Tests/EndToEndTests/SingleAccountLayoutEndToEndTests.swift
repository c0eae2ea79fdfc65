import Foundation
import TestSupport
import Testing

/// The databases of single-account deployments made before single-account mode ran on the
/// multi-account stack (as the account `default`, its list pinned) open and serve the lists they
/// served. The fixture (Tests/Fixtures/SingleAccountLayout, see its make-fixture.sh) is a
/// database that a binary of that time wrote through its API, and the GET /shortcuts answer
/// that binary gave on it: favorites created, one made a favorite, one deleted, picks that
/// reordered them.
@Suite struct SingleAccountLayoutEndToEndTests {
    static let token = "fixture-token-0123456789abcdef"
    static let fixtures = RepositoryScript.root.appendingPathComponent("Tests/Fixtures/SingleAccountLayout")

    /// The fixture file `name`'s bytes.
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
    }

    /// Checks that `server` answers GET /shortcuts (with the service token) with `expected`,
    /// byte for byte, and revalidates its ETag.
    static func expectSameList(_ server: ServerProcess, _ expected: [UInt8]) throws {
        let auth = [("Authorization", "Bearer \(token)")]
        let served = try server.request("GET", "/shortcuts", headers: auth)
        #expect(served.status == 200)
        #expect(served.body == expected, "served: \(String(decoding: served.body, as: UTF8.self))")
        let etag = try #require(served.header("ETag"))
        #expect(try server.request("GET", "/shortcuts", headers: auth + [("If-None-Match", etag)]).status == 304)
        #expect(try server.request("GET", "/shortcuts").status == 401)
    }

    @Test func aSQLiteDatabaseOfTheSingleAccountLayoutServesTheSameList() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent("single-account.sqlite").path, toPath: directory.path("test.sqlite"))
        let server = try ServerProcess(directory: directory, arguments: ["--token", Self.token])
        defer { server.stop() }
        try Self.expectSameList(server, try Self.fixture("single-account.shortcuts.json"))
    }

    @Test(.enabled(if: TestPostgreSQLServer.enabled))
    func aPostgreSQLDatabaseOfTheSingleAccountLayoutServesTheSameList() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let restore = try ChildProcess(
                "/usr/bin/psql",
                ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", conninfo, "-f", Self.fixtures.appendingPathComponent("single-account.pg.sql").path],
                output: .pipe, error: .output)
            let output = String(decoding: restore.readOutputToEnd(), as: UTF8.self)
            guard restore.wait() == .exited(0) else { throw EndToEndError("psql: \(output)") }
            let server = try TestPostgreSQLServer.server(conninfo, arguments: ["--token", Self.token])
            defer { server.stop() }
            try Self.expectSameList(server, try Self.fixture("single-account.pg.shortcuts.json"))
        }
    }
}
