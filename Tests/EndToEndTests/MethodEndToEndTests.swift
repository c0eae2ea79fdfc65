import Foundation
import TestSupport
import Testing

/// Methods as an unfriendly client sends them: a method is any token, so none may mint a
/// metrics label, and each gets the status RFC 9110 gives it.
@Suite struct MethodEndToEndTests {
    @Test("A method the server does not know is 501 on any path; a known one a path lacks is 405 there, 404 elsewhere")
    func statuses() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        for method in ["BREW", "PROPFIND", "get", "X" + String(repeating: "M", count: 4_000)] {
            let response = try server.request(method, "/contacts")
            let problem = try Expect.problem(response, 501)
            #expect(problem.title == "Not Implemented", "\(method)")
            try Expect.problem(try server.request(method, "/nowhere"), 501)
        }
        for method in ["PUT", "OPTIONS", "TRACE"] {
            let response = try server.request(method, "/contacts")
            try Expect.problem(response, 405)
            #expect(response.header("Allow") == "GET, HEAD, POST")
        }
        try Expect.problem(try server.request("PATCH", "/shortcuts"), 405)
        try Expect.problem(try server.request("DELETE", "/nowhere"), 404)
    }

    @Test("2,000 invented 4 KB methods, answered 401 under a token, leave /metrics with one 'other' label and its size unchanged")
    func inventedMethodsMintNoLabels() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--token", "secret-0123456789abcdef"])
        defer { server.stop() }
        let auth = [("Authorization", "Bearer secret-0123456789abcdef")]
        let client = try server.connect()
        defer { client.close() }
        let invent = { (index: Int) throws -> RawHTTPResponse in
            let method = "X" + String(index) + String(repeating: "M", count: 4_000)
            try client.sendRaw(Array("\(method) /contacts HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            return try client.readResponse()
        }
        #expect(try invent(0).status == 401)
        // Scraped twice, so that the scrape's own counters are already there.
        _ = try server.request("GET", "/metrics", headers: auth)
        let before = try server.request("GET", "/metrics", headers: auth).body.count
        for index in 1..<2_000 { _ = try invent(index) }
        let metrics = try server.request("GET", "/metrics", headers: auth).text
        #expect(metrics.contains(#"method="other",status="401""#), "\(metrics.prefix(2000))")
        #expect(!metrics.contains("MMMM"))
        // Only the counters' digits grow, not a line per invented method.
        #expect(metrics.utf8.count < before + 200, "metrics grew from \(before) to \(metrics.utf8.count) bytes")
    }

    @Test("HEAD sends no body on any GET route, streams included: the next response on the connection is intact")
    func headSendsNoBody() throws {
        let server = try ServerProcess(arguments: [])
        defer { server.stop() }
        let id = try #require(try server.listContacts().contacts.first?.id)
        let client = try server.connect()
        defer { client.close() }
        for target in [
            "/events", "/shortcuts", "/contacts", "/contacts/\(id)", "/contacts/\(id)/vcard", "/triggers", "/triggers/stats", "/healthz",
            "/readyz", "/metrics", "/openapi.yaml",
        ] {
            try client.sendRaw(Array("HEAD \(target) HTTP/1.1\r\nHost: x\r\n\r\nGET /healthz HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
            let head = try client.readResponse(method: "HEAD")
            #expect(head.status == 200, "HEAD \(target): \(head.status)")
            let next = try client.readResponse()
            #expect(next.status == 200 && next.text.contains("ok"), "after HEAD \(target), the next response read as \(next.status) \(next.text)")
        }
        #expect(client.takeBuffered().isEmpty)
    }

    @Test("An encoded slash stays inside its segment: /contacts/{id}%2Fvcard is no vCard")
    func encodedSlash() throws {
        let server = try ServerProcess(arguments: [])
        defer { server.stop() }
        let id = try #require(try server.listContacts().contacts.first?.id)
        #expect(try server.request("GET", "/contacts/\(id)/vcard").status == 200)
        let problem = try Expect.problem(try server.request("GET", "/contacts/\(id)%2Fvcard"), 404)
        #expect(problem.detail.contains("\(id)/vcard"), "\(problem.detail)")
        try Expect.problem(try server.request("GET", "/contacts%2F\(id)"), 404)
        try Expect.problem(try server.request("GET", "/triggers%2Fstats"), 404)
        // Encoded characters that are not slashes still decode inside their segment.
        #expect(try server.request("GET", "/contacts/\(id)/vcar%64").status == 200)
        #expect(try server.request("GET", "/heal%74hz").status == 200)
    }
}
