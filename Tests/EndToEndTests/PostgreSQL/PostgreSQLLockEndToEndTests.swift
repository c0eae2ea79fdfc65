import Foundation
import Glibc
import TestSupport
import Testing

/// quickactiond while another client of its PostgreSQL holds `LOCK TABLE contacts IN ACCESS
/// EXCLUSIVE MODE`: what memory answers (`/healthz`, `/metrics`, a cached `/shortcuts`) answers
/// at once even while more reads than HTTP threads wait on the lock; a request that needs the
/// table is a 503 `storage-timeout` with `Retry-After` within the limits; `/readyz` is 503 until
/// the lock is gone; then everything works again.
@Suite(.enabled(if: TestPostgreSQLServer.enabled), .serialized) struct PostgreSQLLockEndToEndTests {
    /// Small limits, two HTTP threads, two readers.
    static let limits = ["--db-statement-timeout", "2s", "--db-lock-timeout", "1s", "--threads", "2", "--db-pool", "2"]
    /// Requests that read `contacts` at once: more than `--threads`.
    static let stuckReads = 6
    /// The most a request answered from memory may take (the lock is held for many seconds).
    static let prompt = 1.0
    /// The most a request that needs the locked table may take to be refused (limits of 1-2 s,
    /// a few of them queued behind each other; the lock itself is held far longer).
    static let refusedWithin = 7.0

    /// What one timed request got.
    struct Timed: Sendable {
        let target: String
        let status: Int
        let seconds: Double
        let retryAfter: String?
        let type: String?
    }

    /// `method target` with `headers` on a connection of its own, timed.
    static func timed(_ server: ServerProcess, _ method: String, _ target: String, headers: [(String, String)] = [], json: String? = nil) throws
        -> Timed
    {
        try timed(port: server.port, method, target, headers: headers, json: json)
    }

    /// `method target` with `headers` on a new connection to `port`, timed.
    static func timed(port: Int, _ method: String, _ target: String, headers: [(String, String)] = [], json: String? = nil) throws -> Timed {
        let started = Date()
        let client = try RawHTTPConnection(port: port)
        defer { client.close() }
        let fields = headers + (json == nil ? [] : [("Content-Type", "application/json")])
        let response = try client.send(method, target, headers: fields, body: json.map { Array($0.utf8) })
        let type = response.mediaType == "application/problem+json" ? (try? response.decode(ProblemBody.self))?.type : nil
        return Timed(
            target: target, status: response.status, seconds: Date().timeIntervalSince(started), retryAfter: response.header("Retry-After"),
            type: type)
    }

    /// While the lock is held: `stuckReads` reads of `stuck` at once and, once they are in,
    /// each of `prompt` timed; returns both.
    static func underLoad(
        _ server: ServerProcess, stuck: (target: String, headers: [(String, String)]), prompt: [(target: String, headers: [(String, String)])]
    ) throws -> (stuck: [Timed], prompt: [Timed]) {
        let port = server.port
        let (results, errors) = ThreadGroup.run(count: stuckReads + 1, timeout: 40) { index -> [Timed] in
            if index < stuckReads { return [try timed(port: port, "GET", stuck.target, headers: stuck.headers)] }
            // The reads are in (waiting on the lock, or queued for a worker) before these are sent.
            usleep(300_000)
            return try prompt.map { try timed(port: port, "GET", $0.target, headers: $0.headers) }
        }
        #expect(errors.isEmpty, "\(errors)")
        let all = results.map { $0 ?? [] }
        return (all.prefix(stuckReads).flatMap { $0 }, all.last ?? [])
    }

    /// Checks a 503 `storage-timeout` with `Retry-After`, in time.
    static func expectTimedOut(_ answer: Timed, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == 503, "\(answer.target): \(answer.status)", sourceLocation: sourceLocation)
        #expect(
            answer.type == "https://quickactiond.dev/problems/storage-timeout", "\(answer.target): \(answer.type ?? "no problem")",
            sourceLocation: sourceLocation)
        #expect(
            answer.retryAfter.flatMap(Int.init).map { $0 > 0 } == true, "\(answer.target): Retry-After \(answer.retryAfter ?? "missing")",
            sourceLocation: sourceLocation)
        #expect(answer.seconds < refusedWithin, "\(answer.target) took \(answer.seconds) s", sourceLocation: sourceLocation)
    }

    /// Polls `GET /readyz` (after a read of `recover`, which clears recent timeouts) until 200.
    static func awaitReady(_ server: ServerProcess, recover: (target: String, headers: [(String, String)])) throws -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            _ = try server.request("GET", recover.target, headers: recover.headers)
            if try server.request("GET", "/readyz").status == 200 { return true }
            usleep(200_000)
        }
        return false
    }

    @Test(
        "Single-account: under the lock /healthz, /metrics and /shortcuts answer at once, reads and writes are 503 storage-timeout in time, /readyz is 503; all recovers"
    )
    func singleAccount() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let server = try TestPostgreSQLServer.server(conninfo, arguments: Self.limits)
            defer { server.stop() }
            let held = try server.createContact(name: "Held Through", favorite: true)
            #expect(try server.shortcuts().list.items.contains(Expect.favoriteItem(held)))

            let lock = try ExternalTableLock(conninfo)
            defer { lock.release() }
            let (stuck, prompt) = try Self.underLoad(
                server, stuck: ("/contacts", []), prompt: [("/healthz", []), ("/metrics", []), ("/shortcuts", []), ("/healthz", [])])
            #expect(stuck.count == Self.stuckReads)
            for answer in prompt {
                #expect(answer.status == 200, "\(answer.target): \(answer.status)")
                #expect(answer.seconds < Self.prompt, "\(answer.target) took \(answer.seconds) s while reads waited on the lock")
            }
            stuck.forEach { Self.expectTimedOut($0) }
            Self.expectTimedOut(try Self.timed(server, "GET", "/readyz"))
            Self.expectTimedOut(try Self.timed(server, "POST", "/contacts", json: #"{"name":"Refused"}"#))

            lock.release()
            #expect(try Self.awaitReady(server, recover: ("/contacts", [])), "/readyz did not come back after the lock was released")
            let after = try server.createContact(name: "After", favorite: true)
            #expect(try server.listContacts().contacts.map(\.name) == ["Held Through", "After"])
            #expect(try server.shortcuts().list.items.contains(Expect.favoriteItem(after)))
        }
    }

    @Test(
        "--accounts: under the lock a known token's cached /shortcuts answers at once, an uncached list is 503 storage-timeout in time; all recovers")
    func accounts() throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let admin = AccountsEndToEndTests.adminToken
            let server = try TestPostgreSQLServer.server(conninfo, arguments: Self.limits + ["--no-seed", "--accounts", "--admin-token", admin])
            defer { server.stop() }
            let cached = try AccountsEndToEndTests.createAccount(server, name: "Cached")
            let uncached = try AccountsEndToEndTests.createAccount(server, name: "Uncached")
            for account in [cached, uncached] {
                let created = try AccountsEndToEndTests.send(
                    server, account.token, "POST", "/contacts", json: #"{"name":"Favorite","favorite":true}"#)
                try #require(created.status == 201, "\(created.status) \(created.text)")
            }
            // Read once, the list and the token are in memory; the other account's list never was read.
            try #require(try AccountsEndToEndTests.send(server, cached.token, "GET", "/shortcuts").status == 200)
            let mine = [("Authorization", "Bearer \(cached.token)")]
            let adminHeaders = [("Authorization", "Bearer \(admin)")]

            let lock = try ExternalTableLock(conninfo)
            defer { lock.release() }
            let (stuck, prompt) = try Self.underLoad(
                server, stuck: ("/contacts", mine), prompt: [("/healthz", []), ("/metrics", adminHeaders), ("/shortcuts", mine), ("/healthz", [])])
            for answer in prompt {
                #expect(answer.status == 200, "\(answer.target): \(answer.status)")
                #expect(answer.seconds < Self.prompt, "\(answer.target) took \(answer.seconds) s while reads waited on the lock")
            }
            stuck.forEach { Self.expectTimedOut($0) }
            Self.expectTimedOut(try Self.timed(server, "GET", "/shortcuts", headers: [("Authorization", "Bearer \(uncached.token)")]))
            Self.expectTimedOut(try Self.timed(server, "GET", "/readyz"))

            lock.release()
            #expect(try Self.awaitReady(server, recover: ("/contacts", mine)), "/readyz did not come back after the lock was released")
            let list = try AccountsEndToEndTests.send(server, uncached.token, "GET", "/shortcuts")
            #expect(list.status == 200, "\(list.status) \(list.text)")
            #expect(try list.decode(ShortcutListBody.self).items.contains { $0.localizedTitle == "Favorite" })
        }
    }
}
