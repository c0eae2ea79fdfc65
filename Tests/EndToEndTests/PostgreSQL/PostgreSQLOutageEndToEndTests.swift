import Foundation
import Glibc
import TestSupport
import Testing

/// quickactiond while its PostgreSQL goes away and comes back, on a cluster of the test's own
/// (the shared one keeps serving the other suites): readiness and writes answer 503 (with
/// Retry-After) meanwhile, service resumes by itself, and no acknowledged write is lost
/// across `pg_ctl restart -m fast` or `-m immediate`.
@Suite(.enabled(if: TestPostgreSQLServer.enabled), .serialized) struct PostgreSQLOutageEndToEndTests {
    /// Polls `GET /readyz` until it answers `status`, for at most `seconds`.
    static func awaitReadiness(_ server: ServerProcess, _ status: Int, within seconds: Double) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try server.request("GET", "/readyz").status == status { return true }
            usleep(50_000)
        }
        return false
    }

    @Test("While PostgreSQL is stopped /readyz is 503 and a write is a 503 problem with Retry-After; both recover when it is back")
    func anOutageIs503AndRecovers() throws {
        let cluster = try PrivatePostgreSQLCluster()
        defer { cluster.remove() }
        try TestPostgreSQLServer.withDatabase(on: cluster.conninfo) { conninfo in
            let server = try TestPostgreSQLServer.server(conninfo)
            defer { server.stop() }
            #expect(try server.request("GET", "/readyz").status == 200)
            _ = try server.createContact(name: "Before")

            try cluster.stop()
            #expect(try Self.awaitReadiness(server, 503, within: 5), "/readyz stayed ready with the database stopped")
            let refused = try server.request("POST", "/contacts", json: #"{"name":"During"}"#)
            #expect(refused.status == 503, "\(refused.status) \(refused.text)")
            #expect(refused.header("Retry-After") != nil, "a 503 without Retry-After")
            #expect(refused.header("Content-Type")?.hasPrefix("application/problem+json") == true)
            #expect(try server.request("GET", "/healthz").status == 200, "the process itself stays live")

            try cluster.start()
            #expect(try Self.awaitReadiness(server, 200, within: 10), "/readyz did not recover")
            _ = try server.createContact(name: "After")
            #expect(try server.listContacts().contacts.map(\.name) == ["Before", "After"])
        }
    }

    @Test("No acknowledged write is lost across pg_ctl restart -m fast and -m immediate", arguments: ["fast", "immediate"])
    func noAcknowledgedWriteIsLostAcrossARestart(mode: String) throws {
        let cluster = try PrivatePostgreSQLCluster()
        defer { cluster.remove() }
        try TestPostgreSQLServer.withDatabase(on: cluster.conninfo) { conninfo in
            let server = try TestPostgreSQLServer.server(conninfo)
            defer { server.stop() }
            let port = server.port
            let directory = cluster.directory.path
            let stop = Locked(false)
            let writers = 4
            // Four writers keep posting while a fifth thread restarts the server under them.
            let (results, errors) = ThreadGroup.run(count: writers + 1, timeout: 90) { index -> [String] in
                if index == writers {
                    defer { stop.withLock { $0 = true } }
                    usleep(800_000)
                    try PrivatePostgreSQLCluster.restart(directory: directory, mode: mode)
                    usleep(1_500_000)
                    return []
                }
                var ids: [String] = []
                var attempt = 0
                while !stop.value {
                    attempt += 1
                    guard let client = try? RawHTTPConnection(port: port),
                        let response = try? client.send(
                            "POST", "/contacts", headers: [("Content-Type", "application/json")], body: #"{"name":"w\#(index)-\#(attempt)"}"#)
                    else { continue }
                    if response.status == 201 { ids.append(try response.decode(ContactBody.self).id) }
                }
                return ids
            }
            #expect(errors.isEmpty, "\(errors)")
            let acknowledged = Set(results.compactMap { $0 }.flatMap { $0 })
            #expect(acknowledged.count > 20, "too few writes to tell: \(acknowledged.count)")
            #expect(try Self.awaitReadiness(server, 200, within: 10))
            let probe = try server.request("GET", "/contacts?limit=1")
            #expect(probe.status == 200, "\(probe.status) \(probe.text)")
            var stored: Set<String> = []
            var after = ""
            while true {
                let page = try server.listContacts("?limit=500" + after)
                stored.formUnion(page.contacts.map(\.id))
                guard let next = page.nextCursor else { break }
                after = "&cursor=\(next)"
            }
            let lost = acknowledged.subtracting(stored)
            #expect(lost.isEmpty, "\(lost.count) of \(acknowledged.count) acknowledged writes lost across -m \(mode)")
        }
    }
}
