import Foundation
import TestSupport
import Testing

/// Commits and `/events` at once. A stream's subscription reserves its event id in the store
/// while holding the event hub's lock, and a commit runs its hooks (the change feed, token
/// replacements) while holding the store's writer: a hook that waited for the hub's lock closed
/// a cycle, and the kernel's deadlock check on the lock ended the process ("Recursive call to
/// lock Mutex"). This drives every such hook against subscriptions for a few seconds.
@Suite struct EventLockOrderEndToEndTests {
    /// What one client thread saw: answers by status, and anything else that went wrong.
    struct Seen: Sendable {
        var statuses: [Int: Int] = [:]
        var failures: [String] = []
    }

    @Test("Favorites created, tokens rotated and streams opened at once, for 3 s: every request answered, the server never stops")
    func commitsAndSubscriptionsTogether() throws {
        let server = try AccountsEndToEndTests.server()
        defer { server.stop() }
        let alice = try AccountsEndToEndTests.createAccount(server, name: "Alice")
        let bob = try AccountsEndToEndTests.createAccount(server, name: "Bob")
        let admin = AccountsEndToEndTests.adminToken
        let port = server.port
        let deadline = Date().addingTimeInterval(3)
        let (seen, errors) = ThreadGroup.run(count: 8, timeout: 30) { index -> Seen in
            var seen = Seen()
            var bobToken = bob.token
            func note(_ status: Int) { seen.statuses[status, default: 0] += 1 }
            while Date() < deadline {
                do {
                    switch index {
                    case 0..<4:
                        // Each commit's hooks look for the account's streams.
                        let client = try RawHTTPConnection(port: port)
                        defer { client.close() }
                        for number in 0..<20 {
                            let body = #"{"name":"Writer \#(index) \#(number)","favorite":true}"#
                            note(
                                try client.send(
                                    "POST", "/contacts", headers: [("Authorization", "Bearer \(alice.token)"), ("Content-Type", "application/json")],
                                    body: body
                                ).status)
                        }
                    case 4..<7:
                        // Each subscription reserves an event id under the hub's lock.
                        let stream = try EventStreamClient(port: port, headers: [("Authorization", "Bearer \(alice.token)")])
                        try stream.readHead()
                        note(stream.head?.status ?? 0)
                    default:
                        // A replaced token's commit ends the account's streams.
                        let stream = try EventStreamClient(port: port, headers: [("Authorization", "Bearer \(bobToken)")])
                        try stream.readHead()
                        note(stream.head?.status ?? 0)
                        let client = try RawHTTPConnection(port: port)
                        defer { client.close() }
                        let rotated = try client.send("POST", "/accounts/\(bob.id)/token", headers: [("Authorization", "Bearer \(admin)")])
                        note(rotated.status)
                        bobToken = try rotated.jsonObject()["token"] as? String ?? bobToken
                        if try !stream.awaitEnd(within: 5) { seen.failures.append("a stream of the replaced token stayed open") }
                    }
                } catch {
                    seen.failures.append("\(error)")
                    return seen
                }
            }
            return seen
        }
        #expect(errors.isEmpty, "\(errors)")
        let all = seen.compactMap { $0 }
        let failures = all.flatMap(\.failures)
        #expect(failures.isEmpty, "\(failures.prefix(3))")
        let statuses = all.reduce(into: [Int: Int]()) { total, one in total.merge(one.statuses, uniquingKeysWith: +) }
        #expect(Set(statuses.keys).isSubset(of: [200, 201]), "\(statuses)")
        #expect(statuses[201, default: 0] > 20 && statuses[200, default: 0] > 3, "\(statuses)")
        print("commits and subscriptions together: \(statuses)")
        #expect(try server.request("GET", "/healthz").status == 200)
        let exit = server.stop()
        let log = (try? String(contentsOfFile: server.standardErrorPath, encoding: .utf8)) ?? ""
        let crash = log.range(of: "Program crashed").map { String(log[$0.lowerBound...].prefix(6000)) } ?? String(log.suffix(3000))
        #expect(exit == .exited(0), "stderr from the crash on: \(crash)")
    }
}
