import Foundation
import TestSupport
import Testing

/// Bearer-token authentication, and the refusal to expose contacts on a network without it.
@Suite struct AuthEndToEndTests {
    static let challenge = #"Bearer realm="quickactiond""#

    /// Every route, plus paths no route has: without the token all look the same.
    static let guarded: [(method: String, target: String, body: String?)] = [
        ("GET", "/contacts", nil),
        ("POST", "/contacts", #"{"name":"Intruder"}"#),
        ("GET", "/contacts/some-id", nil),
        ("PATCH", "/contacts/some-id", #"{"name":"Intruder"}"#),
        ("DELETE", "/contacts/some-id", nil),
        ("POST", "/contacts/some-id/favorite", nil),
        ("GET", "/contacts/some-id/vcard", nil),
        ("GET", "/shortcuts", nil),
        ("POST", "/trigger", #"{"type":"SearchAction"}"#),
        ("GET", "/triggers", nil),
        ("GET", "/triggers/stats", nil),
        ("GET", "/events", nil),
        ("GET", "/metrics", nil),
        ("GET", "/openapi.yaml", nil),
        ("GET", "/nope", nil),
        ("GET", "/", nil),
        ("PUT", "/contacts", nil),
        ("GET", "/healthz/extra", nil),
    ]

    /// Checks that every guarded path is 401 with `authorization` (nil: no header), and that nothing changed.
    static func expectLockedOut(_ server: ServerProcess, authorization: String?, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for (method, target, body) in guarded {
            var headers: [(String, String)] = []
            if let authorization { headers.append(("Authorization", authorization)) }
            if body != nil { headers.append(("Content-Type", "application/json")) }
            let response = try server.request(method, target, headers: headers, body: body.map { Array($0.utf8) })
            let label = "\(method) \(target) with \(authorization.map { "'\($0)'" } ?? "no Authorization")"
            #expect(response.status == 401, "\(label): \(response.status) \(response.text)", sourceLocation: sourceLocation)
            #expect(response.header("WWW-Authenticate") == challenge, "\(label)", sourceLocation: sourceLocation)
            #expect(response.mediaType == "application/problem+json", "\(label)", sourceLocation: sourceLocation)
        }
    }

    /// Checks that the probes are open, and that `token` opens the rest.
    static func expectOpenWith(_ server: ServerProcess, token: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for probe in ["/healthz", "/readyz"] {
            let response = try server.request("GET", probe)
            #expect(response.status == 200, "\(probe) without a token: \(response.status)", sourceLocation: sourceLocation)
        }
        let bearer = [("Authorization", "Bearer \(token)")]
        for target in ["/contacts", "/shortcuts", "/triggers", "/metrics", "/openapi.yaml"] {
            let response = try server.request("GET", target, headers: bearer)
            #expect(response.status == 200, "GET \(target) with the token: \(response.status) \(response.text)", sourceLocation: sourceLocation)
        }
        let created = try server.request(
            "POST", "/contacts", headers: bearer + [("Content-Type", "application/json")], body: Array(#"{"name":"Insider"}"#.utf8))
        #expect(created.status == 201, "\(created.status) \(created.text)", sourceLocation: sourceLocation)
        #expect(try server.request("GET", "/nope", headers: bearer).status == 404, sourceLocation: sourceLocation)
        // The scheme is case-insensitive (RFC 9110 §11.1).
        #expect(try server.request("GET", "/contacts", headers: [("Authorization", "bearer \(token)")]).status == 200, sourceLocation: sourceLocation)
    }

    @Test("--token: every path but the probes is 401 with a Bearer challenge without or with a wrong token; the token opens them")
    func tokenFlag() throws {
        let token = "s3cret-0123456789abcdef"
        let server = try ServerProcess(arguments: ["--no-seed", "--token", token])
        defer { server.stop() }

        try Self.expectLockedOut(server, authorization: nil)
        for wrong in ["Bearer wrong", "Bearer \(token)x", "Bearer", "Bearer ", "Basic czNjcmV0Og==", token, "Token \(token)"] {
            try Self.expectLockedOut(server, authorization: wrong)
        }
        // A stream needs the token too; with it, the stream opens.
        let stream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(token)")])
        #expect(stream.head?.status == 200)
        #expect(try stream.next(within: 5)?.event == "shortcuts")

        try Self.expectOpenWith(server, token: token)
        let names = try server.request("GET", "/contacts", headers: [("Authorization", "Bearer \(token)")]).decode(ContactListBody.self)
        #expect(names.contacts.map(\.name) == ["Insider"], "an unauthenticated request changed data")

        let log = try server.standardError()
        #expect(!log.isEmpty)
        #expect(!log.contains(token), "the token appears in the log")
    }

    @Test("QUICKACTIOND_TOKEN in the environment works like --token")
    func tokenEnvironment() throws {
        let token = "env-s3cret-\(UUID().uuidString.prefix(8))"
        let server = try ServerProcess(arguments: ["--no-seed"], environment: ["QUICKACTIOND_TOKEN": token])
        defer { server.stop() }
        try Self.expectLockedOut(server, authorization: nil)
        try Self.expectLockedOut(server, authorization: "Bearer s3cret-0123456789abcdef")
        try Self.expectOpenWith(server, token: token)
        #expect(!(try server.standardError().contains(token)), "the token appears in the log")
    }

    @Test("--token-file reads the token (trailing newline ignored)")
    func tokenFile() throws {
        let directory = try TemporaryDirectory()
        let token = "file-s3cret-\(UUID().uuidString.prefix(8))"
        let path = directory.path("token")
        try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: path))
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--token-file", path])
        defer { server.stop() }
        try Self.expectLockedOut(server, authorization: nil)
        try Self.expectLockedOut(server, authorization: "Bearer \(token.prefix(10))")
        try Self.expectOpenWith(server, token: token)
        #expect(!(try server.standardError().contains(token)), "the token appears in the log")

        // A token file that is missing or empty stops start-up with a reason.
        for (label, arguments) in [("missing", ["--token-file", directory.path("absent")]), ("empty", ["--token-file", directory.path("blank")])] {
            if label == "empty" { try Data("\n".utf8).write(to: URL(fileURLWithPath: directory.path("blank"))) }
            let run = try ServerProcess.runToExit(directory: try TemporaryDirectory(), arguments: arguments)
            #expect(!run.listened, "\(label) token file: the server started")
            #expect(run.exit != .exited(0) && run.exit != .hung, "\(label) token file: \(run.exit)")
            #expect(run.standardError.contains("token"), "\(label) token file: \(run.standardError)")
        }
    }

    @Test("--host 0.0.0.0 without a token refuses to start, and says why")
    func exposedWithoutToken() throws {
        let run = try ServerProcess.runToExit(directory: try TemporaryDirectory(), arguments: ["--host", "0.0.0.0"])
        #expect(!run.listened, "it listened on 0.0.0.0 without a token: \(run.standardOutput)")
        #expect(run.exit != .hung, "still running after 10 s (killed)")
        if case .exited(let status) = run.exit {
            #expect(status != 0)
        } else {
            Issue.record("expected a non-zero exit status, got \(run.exit)")
        }
        let message = run.standardError.lowercased()
        #expect(
            message.contains("0.0.0.0") && message.contains("token"), "the refusal should name the host and the missing token: \(run.standardError)")
        #expect(message.contains("--allow-unauthenticated"), "the refusal should name the way out: \(run.standardError)")
    }

    @Test("--host 0.0.0.0 --allow-unauthenticated starts (tested through 127.0.0.1 only, and stopped at once)")
    func exposedAllowed() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--host", "0.0.0.0", "--allow-unauthenticated"])
        defer { server.stop() }
        #expect(server.listeningHost == "0.0.0.0")
        #expect(try server.request("GET", "/contacts").status == 200)
        #expect(server.stop() == .exited(0))
    }
}
