import Dispatch
import Foundation
import Glibc
import Synchronization
import TestSupport
import Testing

/// `--max-contacts-per-account` under concurrency, through the real binary: bursts of creates
/// from many connections never take an account past its quota, whatever deletions run beside
/// them, on SQLite and on PostgreSQL (there with two instances on one database), and every
/// refused create gets the quota problem. The rows are counted in the store itself.
@Suite struct ContactQuotaEndToEndTests {
    static let quota = 20
    static let arguments = [
        "--no-seed", "--accounts", "--admin-token", AccountsEndToEndTests.adminToken, "--max-contacts-per-account", "\(quota)",
        "--log-level", "warning",
    ]

    /// What one request of a burst got.
    struct Outcome: Sendable {
        let status: Int
        /// The created contact's id (201), or the problem's `type` and `limit`.
        let id: String?
        let type: String?
        let limit: Int?
    }

    /// One request of a burst.
    enum Request: Sendable {
        case create(String)
        case delete(String)
    }

    /// Sends `requests` at once from `connections` connections spread over `servers` (each
    /// connection sends its share one after another, all connections starting together).
    static func burst(_ requests: [Request], token: String, servers: [ServerProcess], connections: Int) throws -> [Outcome] {
        let ports = servers.map(\.port)
        let start = StartLine(parties: connections)
        let (results, errors) = ThreadGroup.run(count: connections, timeout: 180) { index -> [Int: Outcome] in
            let client = try RawHTTPConnection(port: ports[index % ports.count])
            defer { client.close() }
            start.arriveAndWait(timeout: 10)
            var outcomes: [Int: Outcome] = [:]
            for number in stride(from: index, to: requests.count, by: connections) {
                let response: RawHTTPResponse
                switch requests[number] {
                case .create(let name):
                    response = try client.send(
                        "POST", "/contacts", headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")],
                        body: Array(#"{"name":"\#(name)"}"#.utf8))
                case .delete(let id):
                    response = try client.send("DELETE", "/contacts/\(id)", headers: [("Authorization", "Bearer \(token)")])
                }
                let object = response.status == 204 ? [:] : try response.jsonObject()
                outcomes[number] = Outcome(
                    status: response.status, id: object["id"] as? String, type: object["type"] as? String, limit: object["limit"] as? Int)
            }
            return outcomes
        }
        guard errors.isEmpty else { throw EndToEndError("\(errors)") }
        let merged = results.compactMap { $0 }.reduce(into: [Int: Outcome]()) { $0.merge($1) { first, _ in first } }
        return try requests.indices.map { number in
            guard let outcome = merged[number] else { throw EndToEndError("request \(number) got no answer") }
            return outcome
        }
    }

    /// Whether `outcome` is the quota problem, with the quota as its `limit`.
    static func isQuotaProblem(_ outcome: Outcome) -> Bool {
        outcome.status == 403 && outcome.type == "https://quickactiond.dev/problems/contact-quota-exceeded" && outcome.limit == quota
    }

    /// An account holding 15 contacts: its token, its store key, and its contacts' ids.
    static func accountWith15(_ server: ServerProcess, store: StoreQuery) throws -> (token: String, key: Int, ids: [String]) {
        let account = try AccountsEndToEndTests.createAccount(server, name: "Quota")
        var ids: [String] = []
        for index in 0..<15 {
            let response = try AccountsEndToEndTests.send(server, account.token, "POST", "/contacts", json: #"{"name":"Held \#(index)"}"#)
            try #require(response.status == 201, "\(response.text)")
            ids.append(try #require(try response.jsonObject()["id"] as? String))
        }
        return (account.token, try store.accountKey(id: account.id), ids)
    }

    @Test(
        "200 creates at once from 64 connections leave exactly the quota, round after round; each refusal is the quota problem",
        arguments: StorageBackend.available)
    func concurrentCreatesStopAtTheQuota(backend: StorageBackend) throws {
        try backend.withServers(backend == .postgres ? 2 : 1, arguments: Self.arguments) { servers, store in
            let account = try Self.accountWith15(servers[0], store: store)
            let count = "SELECT count(*) FROM contacts WHERE account = \(account.key)"
            for round in 0..<5 {
                let requests = (0..<200).map { Request.create("Round \(round) number \($0)") }
                let outcomes = try Self.burst(requests, token: account.token, servers: servers, connections: 64)
                let created = outcomes.filter { $0.status == 201 }.compactMap(\.id)
                let others = outcomes.filter { $0.status != 201 && !Self.isQuotaProblem($0) }
                #expect(created.count == 5, "round \(round): \(created.count) created")
                #expect(others.isEmpty, "round \(round): neither created nor the quota problem: \(others.prefix(3))")
                #expect(try store.integer(count) == Self.quota, "round \(round)")
                for id in created {
                    #expect(try AccountsEndToEndTests.send(servers[0], account.token, "DELETE", "/contacts/\(id)").status == 204)
                }
                #expect(try store.integer(count) == 15)
            }
        }
    }

    @Test(
        "Creates and deletes at once: the account never holds more than the quota, and every answer matches what is stored",
        arguments: StorageBackend.available)
    func createsAndDeletesTogetherNeverPassTheQuota(backend: StorageBackend) throws {
        try backend.withServers(backend == .postgres ? 2 : 1, arguments: Self.arguments) { servers, store in
            let account = try Self.accountWith15(servers[0], store: store)
            let count = "SELECT count(*) FROM contacts WHERE account = \(account.key)"
            var held = account.ids
            for round in 0..<3 {
                // 190 creates and 10 deletes of contacts held, interleaved.
                let deleted = Array(held.prefix(10))
                var requests = (0..<190).map { Request.create("Mix \(round) number \($0)") }
                for (offset, id) in deleted.enumerated() { requests.insert(.delete(id), at: offset * 19) }
                // Counted in the store all through the burst: never above the quota, not even for a moment.
                let sampler = StoreSampler(store, count)
                let outcomes = try Self.burst(requests, token: account.token, servers: servers, connections: 64)
                let samples = sampler.stop()
                #expect(!samples.isEmpty && samples.allSatisfy { $0 <= Self.quota }, "round \(round): counts seen \(samples)")
                let created = outcomes.filter { $0.status == 201 }.compactMap(\.id)
                let removed = outcomes.filter { $0.status == 204 }.count
                let others = outcomes.filter { ![201, 204].contains($0.status) && !Self.isQuotaProblem($0) }
                #expect(others.isEmpty, "round \(round): \(others.prefix(3))")
                #expect(removed == 10, "round \(round)")
                let stored = try store.integer(count)
                #expect(stored <= Self.quota, "round \(round): \(stored) contacts stored")
                #expect(stored == held.count - removed + created.count, "round \(round): the answers do not match the store")
                held = Array(held.dropFirst(10)) + created
                // Back to 15 for the next round.
                while held.count > 15 {
                    #expect(try AccountsEndToEndTests.send(servers[0], account.token, "DELETE", "/contacts/\(held.removeLast())").status == 204)
                }
                while held.count < 15 {
                    let response = try AccountsEndToEndTests.send(servers[0], account.token, "POST", "/contacts", json: #"{"name":"Refill"}"#)
                    held.append(try #require(try response.jsonObject()["id"] as? String))
                }
            }
        }
    }
}

/// Counts rows of a store over and over, on a thread of its own, until stopped.
final class StoreSampler: Sendable {
    private let running = Atomic<Bool>(true)
    private let seen = Locked<[Int]>([])
    private let done = DispatchSemaphore(value: 0)

    /// Starts counting `sql` in `store`.
    init(_ store: StoreQuery, _ sql: String) {
        let thread = Thread { [self] in
            while running.load(ordering: .relaxed) {
                if let value = try? store.integer(sql) { seen.withLock { $0.append(value) } }
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops, and returns every count seen.
    func stop() -> [Int] {
        running.store(false, ordering: .relaxed)
        done.wait()
        return seen.value
    }
}
