import Foundation
import Glibc
import TestSupport
import Testing

/// Two quickactiond processes on one PostgreSQL database, as behind a load balancer: what one
/// stores the other serves, changes reach the other's event streams, an Idempotency-Key is
/// claimed once across both, and ETags mean the same on both. Runs when
/// `QUICKACTIOND_TEST_POSTGRES` is set (CI sets it; `scripts/postgres.sh env` prints it).
@Suite(.enabled(if: TestPostgreSQLServer.enabled)) struct CrossInstanceEndToEndTests {
    static let json = ("Content-Type", "application/json")

    /// Runs `body` with two servers on a new database.
    static func withPair(_ body: (ServerProcess, ServerProcess) throws -> Void) throws {
        try TestPostgreSQLServer.withDatabase { conninfo in
            let a = try TestPostgreSQLServer.server(conninfo)
            defer { a.stop() }
            let b = try TestPostgreSQLServer.server(conninfo)
            defer { b.stop() }
            try body(a, b)
        }
    }

    @Test("A contact created through A is listed, read and searched on B, with the same ETag")
    func aContactCreatedOnAIsServedByB() throws {
        try Self.withPair { a, b in
            let contact = try a.createContact(name: "Ada Lovelace", email: "ada@example.com", favorite: true)
            let listed = try b.listContacts("?q=lovelace")
            #expect(listed.contacts == [contact] && listed.total == 1)
            let onA = try a.request("GET", "/contacts/\(contact.id)")
            let onB = try b.request("GET", "/contacts/\(contact.id)")
            #expect(onA.status == 200 && onB.status == 200)
            #expect(onA.header("ETag") != nil && onA.header("ETag") == onB.header("ETag"))
            // B's shortcut list follows A's write (the NOTIFY re-read), and both agree on it.
            let deadline = Date().addingTimeInterval(5)
            while try !b.shortcuts().list.items.contains(where: { $0.localizedTitle == "Ada Lovelace" }) && Date() < deadline { usleep(20_000) }
            let (listA, etagA) = try a.shortcuts()
            let (listB, etagB) = try b.shortcuts()
            #expect(listB.items.contains { $0.localizedTitle == "Ada Lovelace" })
            #expect(listA.version == listB.version && etagA == etagB)
        }
    }

    @Test("A burst of creates on A (committed as one statement) all reach B's shortcut list, through the notices that statement sends")
    func aBurstOfCreatesOnAReachesB() throws {
        try Self.withPair { a, b in
            _ = try b.shortcuts()  // B's list is cached before the burst: only notices can change it.
            let clients = try (0..<12).map { _ in try a.connect() }
            for (index, client) in clients.enumerated() {
                try client.writeRequest(
                    "POST", "/contacts", headers: [Self.json], body: Array(#"{"name":"Burst \#(index)","favorite":true}"#.utf8))
            }
            for client in clients { #expect(try client.readResponse(method: "POST").status == 201) }
            let deadline = Date().addingTimeInterval(5)
            var titles: Set<String> = []
            repeat {
                titles = Set(try b.shortcuts().list.items.map(\.localizedTitle).filter { $0.hasPrefix("Burst ") })
                if titles.count == 12 { break }
                usleep(20_000)
            } while Date() < deadline
            #expect(titles.count == 12, "B's list has \(titles.count) of the 12")
            let (listA, _) = try a.shortcuts()
            let (listB, _) = try b.shortcuts()
            #expect(listA.version == listB.version)
        }
    }

    @Test("If-Match: an ETag read on B opens a write on A; once A changed the contact, B refuses the old ETag with 412")
    func ifMatchIsConsistentAcrossInstances() throws {
        try Self.withPair { a, b in
            let contact = try a.createContact(name: "Grace Hopper")
            let etag = try #require(try b.request("GET", "/contacts/\(contact.id)").header("ETag"))
            let patched = try a.request(
                "PATCH", "/contacts/\(contact.id)", headers: [Self.json, ("If-Match", etag)], body: Array(#"{"name":"Grace B. Hopper"}"#.utf8))
            #expect(patched.status == 200, "\(patched.status) \(patched.text)")
            let stale = try b.request(
                "PATCH", "/contacts/\(contact.id)", headers: [Self.json, ("If-Match", etag)], body: Array(#"{"name":"Mallory"}"#.utf8))
            #expect(stale.status == 412, "\(stale.status) \(stale.text)")
            let now = try b.request("GET", "/contacts/\(contact.id)")
            #expect(try now.decode(ContactBody.self).name == "Grace B. Hopper")
            #expect(now.header("ETag") == patched.header("ETag"))
        }
    }

    @Test("A change made on A reaches an /events stream held on B, as a shortcuts event and as a trigger event")
    func aChangeOnAReachesAStreamOnB() throws {
        try Self.withPair { a, b in
            let stream = try EventStreamClient(server: b)
            _ = try #require(try stream.next("shortcuts", within: 5), "no first event")
            let contact = try a.createContact(name: "Streamed Person", favorite: true)
            let changed = try #require(try stream.next("shortcuts", within: 5), "B's stream got nothing after A's write")
            #expect(changed.data.contains("Streamed Person"))
            let trigger = try a.request("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)"}}"#)
            try #require(trigger.status == 200, "\(trigger.status) \(trigger.text)")
            let answer = try trigger.decode(TriggerResultBody.self)
            let event = try #require(try stream.next("trigger", within: 5), "B's stream got no trigger event")
            #expect(try event.jsonObject()["id"] as? String == answer.id)
        }
    }

    @Test("One Idempotency-Key posted to A and B at once is recorded once, and both answers carry the same trigger id")
    func anIdempotencyKeyIsClaimedOnceAcrossInstances() throws {
        try Self.withPair { a, b in
            let contact = try a.createContact(name: "Racer", favorite: true)
            let body = #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)"},"deviceId":"d1"}"#
            let ports = [a.port, b.port, a.port, b.port]
            for round in 0..<5 {
                let key = "race-\(round)-\(UUID().uuidString)"
                let start = StartLine(parties: ports.count)
                let (answers, errors) = ThreadGroup.run(count: ports.count, timeout: 30) { index -> String in
                    let client = try RawHTTPConnection(port: ports[index])
                    start.arriveAndWait(timeout: 5)
                    let response = try client.send("POST", "/trigger", headers: [Self.json, ("Idempotency-Key", key)], body: body)
                    guard response.status == 200 else { throw EndToEndError("\(response.status) \(response.text)") }
                    return try response.decode(TriggerResultBody.self).id
                }
                #expect(errors.isEmpty, "round \(round): \(errors)")
                #expect(Set(answers.compactMap { $0 }).count == 1 && answers.allSatisfy { $0 != nil }, "round \(round): \(answers)")
            }
            let listed = try b.request("GET", "/triggers?limit=1000")
            #expect(try listed.decode(TriggerListBody.self).triggers.count == 5)
        }
    }
}
