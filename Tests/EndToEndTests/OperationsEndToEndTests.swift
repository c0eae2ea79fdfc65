import Foundation
import TestSupport
import Testing

/// What an operator relies on: metrics, readiness, request ids, the JSON request log, and
/// optimistic concurrency with `If-Match`.
@Suite struct OperationsEndToEndTests {
    /// The value of an unlabelled sample `name` in a Prometheus exposition.
    static func gauge(_ name: String, in exposition: String) -> Double? {
        for line in exposition.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    @Test("GET /metrics labels requests by route pattern, never by raw path, and has the gauges")
    func metrics() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contacts = try server.listContacts().contacts
        let first = try #require(contacts.first)
        let second = try #require(contacts.dropFirst().first)
        #expect(try server.request("GET", "/contacts/\(first.id)").status == 200)
        #expect(try server.request("GET", "/contacts/\(second.id)").status == 200)
        #expect(try server.request("GET", "/contacts/no-such-id-e2e").status == 404)
        #expect(try server.request("GET", "/no/such/path-e2e").status == 404)
        #expect(try server.request("POST", "/trigger", json: #"{"type":"SearchAction"}"#).status == 200)

        let response = try server.request("GET", "/metrics")
        #expect(response.status == 200)
        #expect(response.mediaType == "text/plain")
        let text = response.text
        #expect(text.contains(#"http_requests_total{route="/contacts/{id}",method="GET",status="200"} 2"#), "\(text)")
        #expect(text.contains(#"http_requests_total{route="/contacts/{id}",method="GET",status="404"} 1"#))
        #expect(text.contains(#"route="unmatched""#), "a request that matched no route should count as 'unmatched'")
        #expect(text.contains(#"triggers_total{type="SearchAction"} 1"#))
        for raw in [first.id, second.id, "no-such-id-e2e", "/no/such/path-e2e"] {
            #expect(!text.contains(raw), "the raw path part '\(raw)' became a label")
        }

        let favorites = try server.listContacts("?favorite=true").total
        let items = try server.shortcuts().list.items.count
        #expect(Self.gauge("contacts", in: text) == Double(contacts.count))
        #expect(Self.gauge("favorites", in: text) == Double(favorites))
        #expect(Self.gauge("shortcut_items", in: text) == Double(items))
        #expect(Self.gauge("event_streams", in: text) == 0)

        let stream = try EventStreamClient(server: server)
        #expect(try stream.next(within: 5)?.event == "shortcuts")
        #expect(Self.gauge("event_streams", in: try server.request("GET", "/metrics").text) == 1)
        _ = try server.createContact(name: "Counted Later", favorite: true)
        let later = try server.request("GET", "/metrics").text
        #expect(Self.gauge("contacts", in: later) == Double(contacts.count + 1))
        #expect(Self.gauge("favorites", in: later) == Double(favorites + 1))
        #expect(Self.gauge("shortcut_items", in: later) == Double(items + 1))
    }

    @Test("GET /readyz is 200 ready")
    func readiness() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let response = try server.request("GET", "/readyz")
        #expect(response.status == 200)
        #expect(try response.jsonObject()["status"] as? String == "ready")
    }

    @Test("X-Request-Id is echoed or generated; each request logs one JSON line with time, requestId, method, route, status, durationMs, bytes")
    func requestIdsAndLog() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try #require(try server.listContacts().contacts.first)
        let sentId = "e2e-\(UUID().uuidString)"

        let echoed = try server.request("GET", "/contacts/\(contact.id)", headers: [("X-Request-Id", sentId)])
        #expect(echoed.status == 200)
        #expect(echoed.header("X-Request-Id") == sentId)

        let generatedA = try server.request("GET", "/shortcuts")
        let generatedB = try server.request("GET", "/shortcuts")
        let idA = try #require(generatedA.header("X-Request-Id"), "no X-Request-Id generated")
        let idB = try #require(generatedB.header("X-Request-Id"))
        #expect(!idA.isEmpty && idA != idB, "generated ids must differ: \(idA) \(idB)")

        // An error answer carries one too.
        let missing = try server.request("GET", "/contacts/no-such-id-e2e", headers: [("X-Request-Id", sentId + "-404")])
        #expect(missing.header("X-Request-Id") == sentId + "-404")

        let lines = try server.standardError().split(separator: "\n")
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object != nil, "a stderr line is not a JSON object: \(line)")
            if let object { objects.append(object) }
        }
        func entry(_ id: String) throws -> [String: Any] {
            let matching = objects.filter { $0["requestId"] as? String == id }
            try #require(matching.count == 1, "\(matching.count) log lines for request \(id)")
            return matching[0]
        }
        let logged = try entry(sentId)
        #expect(Expect.isRFC3339UTC(logged["time"] as? String ?? ""), "time: \(logged["time"] ?? "missing")")
        #expect(logged["method"] as? String == "GET")
        #expect(logged["route"] as? String == "/contacts/{id}")
        #expect((logged["status"] as? NSNumber)?.intValue == 200)
        let duration = try #require((logged["durationMs"] as? NSNumber)?.doubleValue, "durationMs: \(logged["durationMs"] ?? "missing")")
        #expect(duration >= 0 && duration < 10_000)
        #expect((logged["bytes"] as? NSNumber)?.intValue == echoed.body.count)

        let generated = try entry(idA)
        #expect(generated["route"] as? String == "/shortcuts")
        #expect((generated["bytes"] as? NSNumber)?.intValue == generatedA.body.count)
        #expect((try entry(sentId + "-404")["status"] as? NSNumber)?.intValue == 404)
        _ = try entry(idB)
    }

    @Test("If-Match with a stale contact ETag on PATCH, DELETE or favorite is 412 and changes nothing")
    func staleIfMatch() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let created = try server.request("POST", "/contacts", json: #"{"name":"Versioned Vera","email":"vera@example.com"}"#)
        try #require(created.status == 201)
        let id = try created.decode(ContactBody.self).id
        let original = try #require(created.header("ETag"))

        let updated = try server.request(
            "PATCH", "/contacts/\(id)", headers: [("Content-Type", "application/json"), ("If-Match", original)],
            body: Array(#"{"email":"vera@example.org"}"#.utf8))
        try #require(updated.status == 200, "PATCH with the current ETag: \(updated.status) \(updated.text)")
        let current = try #require(updated.header("ETag"))
        #expect(current != original)
        let contactBefore = try server.request("GET", "/contacts/\(id)")
        let shortcutsBefore = try server.request("GET", "/shortcuts")

        let stale: [(String, String, String?)] = [
            ("PATCH", "/contacts/\(id)", #"{"name":"Overwritten"}"#),
            ("DELETE", "/contacts/\(id)", nil),
            ("POST", "/contacts/\(id)/favorite", nil),
        ]
        for (method, target, body) in stale {
            var headers = [("If-Match", original)]
            if body != nil { headers.append(("Content-Type", "application/json")) }
            let response = try server.request(method, target, headers: headers, body: body.map { Array($0.utf8) })
            try Expect.problem(response, 412)
            #expect(response.header("ETag") == current, "\(method) \(target): the 412 should name the current ETag")
        }
        let contactAfter = try server.request("GET", "/contacts/\(id)")
        #expect(contactAfter.body == contactBefore.body, "a 412 changed the contact")
        #expect(contactAfter.header("ETag") == current)
        #expect(try server.request("GET", "/shortcuts").body == shortcutsBefore.body, "a 412 changed the shortcut list")

        #expect(try server.request("DELETE", "/contacts/\(id)", headers: [("If-Match", current)]).status == 204)
        #expect(try server.request("GET", "/contacts/\(id)").status == 404)
    }
}
