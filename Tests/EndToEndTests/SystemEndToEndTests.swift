import Foundation
import Glibc
import TestSupport
import Testing

/// Health, the API document, routing errors and HEAD, against the real binary.
@Suite struct SystemEndToEndTests {
    @Test("GET /healthz answers 200 ok once the server says it listens")
    func health() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        let response = try server.request("GET", "/healthz")
        #expect(response.status == 200)
        #expect(response.mediaType == "application/json")
        #expect(try response.jsonObject()["status"] as? String == "ok")
    }

    @Test("SIGTERM stops the server with exit status 0")
    func gracefulStop() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        #expect(try server.request("GET", "/healthz").status == 200)

        #expect(server.stop() == .exited(0))
        #expect(throws: (any Error).self) { try server.request("GET", "/healthz") }
    }

    @Test("SIGTERM straight after the listening line still stops the server cleanly (exit 0)")
    func sigtermRightAfterListening() throws {
        // A supervisor may stop a service the moment it reports readiness; the signal must
        // neither kill it uncleanly (default action) nor be lost (server never exits).
        for attempt in 1...5 {
            let server = try ServerProcess()
            defer { server.stop() }
            let exit = server.stop()
            #expect(exit == .exited(0), "attempt \(attempt): SIGTERM sent right after the listening line ended the server with \(exit)")
            if exit != .exited(0) { break }
        }
    }

    @Test("A log pipe nobody reads any more (a restarted log shipper) costs the log lines, never the service")
    func closedLogPipe() throws {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        let server = try ServerProcess(arguments: ["--log-level", "info"], standardError: .descriptor(ends[1]))
        defer { server.stop() }
        // Nobody holds the read end now: the server's next log line gets EPIPE (and, by
        // default, SIGPIPE, which would end it).
        close(ends[0])
        close(ends[1])
        for index in 0..<20 {
            #expect(try server.request("GET", "/healthz?n=\(index)").status == 200)
        }
        #expect(try server.request("POST", "/contacts", json: #"{"name":"Still Here"}"#).status == 201)
        #expect(server.stop() == .exited(0))
    }

    @Test("GET /openapi.yaml serves the repository's openapi.yaml (when a token is required, as the file says)")
    func openAPIDocument() throws {
        let server = try ServerProcess(arguments: ["--token", "secret-0123456789abcdef"])
        defer { server.stop() }

        let response = try server.request("GET", "/openapi.yaml", headers: [("Authorization", "Bearer secret-0123456789abcdef")])
        #expect(response.status == 200)
        #expect(response.mediaType?.contains("yaml") == true)
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let file = try Data(contentsOf: packageRoot.appendingPathComponent("openapi.yaml"))
        let served = response.text
        let expected = String(decoding: file, as: UTF8.self)
        // Compared as a Bool so that a failure prints the difference, not 16 KB twice.
        let identical = served == expected
        #expect(identical, "the served document differs from openapi.yaml at the repository root: \(Self.firstDifference(served, expected))")
    }

    /// Where two texts first differ, briefly (the documents are too long to print whole).
    static func firstDifference(_ served: String, _ expected: String) -> String {
        let servedLines = served.components(separatedBy: "\n")
        let expectedLines = expected.components(separatedBy: "\n")
        for (index, (left, right)) in zip(servedLines, expectedLines).enumerated() where left != right {
            return "line \(index + 1): served '\(left)', file '\(right)'"
        }
        return "served \(served.utf8.count) bytes in \(servedLines.count) lines, file \(expected.utf8.count) bytes in \(expectedLines.count) lines"
            + (expected.hasSuffix("\n") && !served.hasSuffix("\n") ? " (the served document lacks the final newline)" : "")
    }

    @Test("An unknown path is a 404 problem")
    func unknownPath() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        for target in ["/nope", "/contacts/abc/nope", "/shortcuts/extra", "/"] {
            try Expect.problem(try server.request("GET", target), 404)
        }
    }

    @Test("A known path with the wrong method is a 405 problem with Allow")
    func wrongMethod() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try #require(try server.listContacts().contacts.first)

        let cases: [(method: String, target: String, allowed: Set<String>)] = [
            ("PUT", "/contacts", ["GET", "HEAD", "POST"]),
            ("DELETE", "/shortcuts", ["GET", "HEAD"]),
            ("GET", "/trigger", ["POST"]),
            ("POST", "/healthz", ["GET", "HEAD"]),
            ("PUT", "/contacts/\(contact.id)", ["GET", "HEAD", "PATCH", "DELETE"]),
            ("GET", "/contacts/\(contact.id)/favorite", ["POST", "DELETE"]),
        ]
        for (method, target, allowed) in cases {
            let response = try server.request(method, target)
            try Expect.problem(response, 405)
            let allow = Set((response.header("Allow") ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(allow == allowed, "\(method) \(target): Allow is \(response.header("Allow") ?? "missing")")
        }
    }

    @Test("HEAD answers like GET, with the same headers and no body")
    func head() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try #require(try server.listContacts().contacts.first)

        let varying: Set<String> = ["date", "x-request-id", "connection"]
        for target in ["/healthz", "/contacts", "/contacts/\(contact.id)", "/contacts/\(contact.id)/vcard", "/shortcuts", "/openapi.yaml"] {
            let get = try server.request("GET", target)
            // On a connection the server then closes, so that any stray body bytes would show up.
            let client = try server.connect()
            defer { client.close() }
            let head = try client.send("HEAD", target, headers: [("Connection", "close")])
            #expect(head.status == get.status, "\(target)")
            #expect(head.status == 200, "\(target)")
            let getHeaders = get.headers.filter { !varying.contains($0.name.lowercased()) }.map { "\($0.name.lowercased()): \($0.value)" }
            let headHeaders = head.headers.filter { !varying.contains($0.name.lowercased()) }.map { "\($0.name.lowercased()): \($0.value)" }
            #expect(headHeaders.sorted() == getHeaders.sorted(), "\(target)")
            #expect(head.header("Content-Length") == String(get.body.count), "\(target)")
            #expect(try client.readToEnd().isEmpty, "HEAD \(target) sent a body")
        }
    }

    @Test("The served openapi.yaml declares the bearer token required exactly when the server requires one")
    func servedContractMatchesTheMode() throws {
        let open = try ServerProcess(arguments: ["--no-seed"])
        defer { open.stop() }
        let openDocument = try open.request("GET", "/openapi.yaml").text
        #expect(openDocument.contains("\nsecurity: []\n"))
        #expect(!openDocument.contains("\nsecurity:\n  - bearerAuth: []\n"))

        let secured = try ServerProcess(arguments: ["--no-seed", "--token", "secret-0123456789abcdef"])
        defer { secured.stop() }
        let securedDocument = try secured.request("GET", "/openapi.yaml", headers: [("Authorization", "Bearer secret-0123456789abcdef")]).text
        #expect(securedDocument.contains("\nsecurity:\n  - bearerAuth: []\n"))
        #expect(!securedDocument.contains("\nsecurity: []\n"))
    }
}
