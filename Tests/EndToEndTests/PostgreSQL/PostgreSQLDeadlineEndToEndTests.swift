import Foundation
import Glibc
import TestSupport
import Testing

/// Deadlines and readiness that never wait on PostgreSQL, and event streams that end when the
/// instance stops hearing the others (the network faults themselves are `make test-faults`).
@Suite(.enabled(if: TestPostgreSQLServer.enabled), .serialized) struct PostgreSQLDeadlineEndToEndTests {
    /// No statement or lock limit (a read waits on the lock for as long as it is held), one reader,
    /// a request deadline of 1 s.
    static let arguments = ["--db-statement-timeout", "0", "--db-lock-timeout", "0", "--db-pool", "1", "--db-request-timeout", "1s"]

    @Test(
        "With every reader waiting on a lock and no database limit, a read is a 503 storage-timeout with Retry-After at --db-request-timeout; /readyz, /healthz and /metrics answer within 1 s, /readyz 503"
    )
    func theDeadlineHoldsAndReadinessNeverWaits() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let server = try TestPostgreSQLServer.server(conninfo, arguments: Self.arguments)
            defer { server.stop() }
            _ = try server.createContact(name: "Locked Away", favorite: true)
            let lock = try ExternalTableLock(conninfo)
            defer { lock.release() }
            let port = server.port
            // More reads than the reader and the workers: each waits on the lock until released.
            let stuck = Thread { for _ in 0..<3 { _ = try? PostgreSQLLockEndToEndTests.timed(port: port, "GET", "/contacts") } }
            stuck.start()
            usleep(300_000)
            let read = try PostgreSQLLockEndToEndTests.timed(server, "GET", "/contacts")
            PostgreSQLLockEndToEndTests.expectTimedOut(read)
            #expect(read.seconds >= 0.9 && read.seconds < 2.0, "the read was answered after \(read.seconds) s")
            var readiness: [PostgreSQLLockEndToEndTests.Timed] = []
            let started = Date()
            while Date().timeIntervalSince(started) < 6, readiness.last?.status != 503 {
                readiness.append(try PostgreSQLLockEndToEndTests.timed(server, "GET", "/readyz"))
                usleep(100_000)
            }
            #expect(readiness.last?.status == 503, "/readyz stayed ready under the lock")
            #expect(readiness.allSatisfy { $0.seconds < 1 }, "/readyz took \(readiness.map(\.seconds).max() ?? 0) s")
            for target in ["/healthz", "/metrics"] {
                let answer = try PostgreSQLLockEndToEndTests.timed(server, "GET", target)
                #expect(answer.status == 200 && answer.seconds < 1, "\(target): \(answer.status) after \(answer.seconds) s")
            }
            lock.release()
            #expect(try PostgreSQLOutageEndToEndTests.awaitReadiness(server, 200, within: 10), "/readyz did not come back")
            #expect(try server.listContacts().contacts.map(\.name) == ["Locked Away"])
        }
    }

    @Test("When the listener's connection is ended, /events streams end; the listener reconnects and /events opens again")
    func streamsEndWhenTheChangeFeedIsLost() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let server = try TestPostgreSQLServer.server(conninfo)
            defer { server.stop() }
            let stream = try EventStreamClient(server: server)
            #expect(try stream.next("shortcuts", within: 5) != nil)
            // The listener's backend names itself in application_name.
            let ended = try TestPostgreSQLServer.psql(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'quickactiond (listener)' "
                    + "AND datname = '\(Self.databaseName(conninfo))'", conninfo: conninfo)
            #expect(ended.trimmingCharacters(in: .whitespacesAndNewlines) == "1")
            #expect(try stream.awaitEnd(within: 3), "the stream outlived the change feed")
            #expect(stream.retries.contains("3000"), "the stream gave no retry hint")
            let deadline = Date().addingTimeInterval(10)
            var again: EventStreamClient?
            while again == nil, Date() < deadline {
                let attempt = try EventStreamClient(server: server)
                if attempt.head?.status == 200 { again = attempt } else { usleep(200_000) }
            }
            #expect(try again?.next("shortcuts", within: 5) != nil, "no stream opened once the feed was back")
        }
    }

    /// The `dbname` of a keyword string made by `TestPostgreSQLServer.withDatabase`.
    static func databaseName(_ conninfo: String) -> String {
        conninfo.split(separator: " ").last { $0.hasPrefix("dbname=") }.map { String($0.dropFirst(7)) } ?? ""
    }
}
