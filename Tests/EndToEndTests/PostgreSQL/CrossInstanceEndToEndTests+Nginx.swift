import Foundation
import TestSupport
import Testing

/// The cross-instance flows again, with every request through nginx balancing the two instances
/// (round robin, so consecutive requests go to either), as a deployment runs them. Runs when
/// `QUICKACTIOND_TEST_NGINX=1` is set too (scripts/postgres-e2e.sh sets it).
extension CrossInstanceEndToEndTests {
    /// Runs `body` with two servers on a new database and nginx in front of them.
    static func withBalancedPair(_ body: (ServerProcess, ServerProcess, TestLoadBalancer) throws -> Void) throws {
        try withPair { a, b in
            let balancer = try TestLoadBalancer(balancing: [a.port, b.port])
            defer { balancer.stop() }
            try body(a, b, balancer)
        }
    }

    @Test("Through nginx: a contact created through the balancer is read through it, and on each instance", .enabled(if: TestLoadBalancer.enabled))
    func aContactCreatedThroughTheBalancerIsReadThroughIt() throws {
        try Self.withBalancedPair { a, b, balancer in
            let client = try RawHTTPConnection(port: balancer.port)
            let created = try client.send("POST", "/contacts", headers: [Self.json], body: #"{"name":"Through Nginx","favorite":true}"#)
            try #require(created.status == 201, "\(created.status) \(created.text)")
            let contact = try created.decode(ContactBody.self)
            // Four reads in a row: round robin sends them to both instances.
            var etags: Set<String> = []
            for _ in 0..<4 {
                let read = try client.send("GET", "/contacts/\(contact.id)")
                #expect(read.status == 200, "\(read.status) \(read.text)")
                #expect(try read.decode(ContactBody.self) == contact)
                etags.formUnion([read.header("ETag")].compactMap { $0 })
            }
            #expect(etags.count == 1, "the instances gave different ETags through nginx: \(etags)")
            #expect(try a.request("GET", "/contacts/\(contact.id)").status == 200)
            #expect(try b.request("GET", "/contacts/\(contact.id)").status == 200)
        }
    }

    @Test("Through nginx: an Idempotency-Key posted twice through the balancer is recorded once", .enabled(if: TestLoadBalancer.enabled))
    func anIdempotencyKeyPostedTwiceThroughTheBalancerIsRecordedOnce() throws {
        try Self.withBalancedPair { a, b, balancer in
            let contact = try a.createContact(name: "Balanced Racer", favorite: true)
            let body = #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)"},"deviceId":"d1"}"#
            let key = "balanced-\(UUID().uuidString)"
            // Twice in a row on one connection (round robin: one to each instance), then twice at once.
            let client = try RawHTTPConnection(port: balancer.port)
            var ids: [String] = []
            for _ in 0..<2 {
                let answer = try client.send("POST", "/trigger", headers: [Self.json, ("Idempotency-Key", key)], body: body)
                try #require(answer.status == 200, "\(answer.status) \(answer.text)")
                ids.append(try answer.decode(TriggerResultBody.self).id)
            }
            let racedKey = key + "-raced"
            let start = StartLine(parties: 2)
            let port = balancer.port
            let (raced, errors) = ThreadGroup.run(count: 2, timeout: 30) { _ -> String in
                let racer = try RawHTTPConnection(port: port)
                start.arriveAndWait(timeout: 5)
                let answer = try racer.send("POST", "/trigger", headers: [Self.json, ("Idempotency-Key", racedKey)], body: body)
                guard answer.status == 200 else { throw EndToEndError("\(answer.status) \(answer.text)") }
                return try answer.decode(TriggerResultBody.self).id
            }
            #expect(errors.isEmpty, "\(errors)")
            #expect(Set(ids).count == 1, "the same key answered with different triggers: \(ids)")
            #expect(Set(raced.compactMap { $0 }).count == 1 && raced.allSatisfy { $0 != nil }, "\(raced)")
            for server in [a, b] {
                let listed = try server.request("GET", "/triggers?limit=1000")
                #expect(try listed.decode(TriggerListBody.self).triggers.count == 2, "two keys, two triggers")
            }
        }
    }

    @Test("Through nginx: a change through the balancer reaches an /events stream held through the balancer", .enabled(if: TestLoadBalancer.enabled))
    func aChangeThroughTheBalancerReachesAStreamThroughIt() throws {
        try Self.withBalancedPair { _, _, balancer in
            let stream = try EventStreamClient(port: balancer.port)
            _ = try #require(try stream.next("shortcuts", within: 5), "no first event through nginx")
            // Two writes in a row: round robin gives one to each instance, so one of them reaches the
            // stream across instances whichever instance holds it.
            let client = try RawHTTPConnection(port: balancer.port)
            var contacts: [ContactBody] = []
            for name in ["Balanced One", "Balanced Two"] {
                let created = try client.send("POST", "/contacts", headers: [Self.json], body: #"{"name":"\#(name)","favorite":true}"#)
                try #require(created.status == 201, "\(created.status) \(created.text)")
                contacts.append(try created.decode(ContactBody.self))
                let deadline = Date().addingTimeInterval(5)
                var seen = false
                while !seen, Date() < deadline, let event = try stream.next("shortcuts", within: 5) { seen = event.data.contains(name) }
                #expect(seen, "the stream through nginx never listed \(name)")
            }
            let trigger = try client.send(
                "POST", "/trigger", headers: [Self.json], body: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contacts[0].id)"}}"#)
            try #require(trigger.status == 200, "\(trigger.status) \(trigger.text)")
            let event = try #require(try stream.next("trigger", within: 5), "no trigger event through nginx")
            #expect(try event.jsonObject()["id"] as? String == trigger.decode(TriggerResultBody.self).id)
        }
    }
}
