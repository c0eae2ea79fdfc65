import Foundation
import TestSupport
import Testing

/// One account cannot take what the others need: its `/events` streams stop at
/// `--max-streams-per-account` and its connections at its share (`--max-connections-per-account`,
/// a quarter of `--max-connections` by default), while other accounts, the admin and the probes
/// are served. Against the real binary, over raw sockets.
@Suite struct AccountFairnessEndToEndTests {
    static let problems = "https://quickactiond.dev/problems/"

    /// `GET /events` as `token` on a connection of its own: the connection, and the answer's head
    /// (with its body when the stream was refused; a stream's body is left unread).
    static func openStream(_ server: ServerProcess, token: String) throws -> (client: RawHTTPConnection, response: RawHTTPResponse) {
        let client = try server.connect()
        try client.writeRequest("GET", "/events", headers: [("Accept", "text/event-stream"), ("Authorization", "Bearer \(token)")])
        var response = try client.readResponseHead()
        if response.status != 200 { try client.readBody(of: &response) }
        return (client, response)
    }

    /// The problem type's last path segment (`too-many-streams`), or the status when the answer is no problem.
    static func refusal(_ response: RawHTTPResponse) -> String {
        guard let type = (try? response.jsonObject())?["type"] as? String else { return "status \(response.status)" }
        return type.hasPrefix(problems) ? String(type.dropFirst(problems.count)) : type
    }

    @Test("One account opening 100 streams gets 8, then 429s; others, their streams and the admin are served; closed streams free places")
    func streamFlood() throws {
        let server = try AccountsEndToEndTests.server(["--max-connections", "100", "--rate-limit", "50"])
        defer { server.stop() }
        let alice = try AccountsEndToEndTests.createAccount(server, name: "Alice")
        let bob = try AccountsEndToEndTests.createAccount(server, name: "Bob")
        let admin = [("Authorization", "Bearer \(AccountsEndToEndTests.adminToken)")]

        // Eight streams; the ninth is refused, with the limit and when to retry.
        var streams = try (0..<8).map { _ in try Self.openStream(server, token: alice.token) }
        #expect(streams.map(\.response.status) == Array(repeating: 200, count: 8))
        let ninth = try Self.openStream(server, token: alice.token)
        let problem = try Expect.problem(ninth.response, 429)
        #expect(problem.type == Self.problems + "too-many-streams")
        #expect(try ninth.response.jsonObject()["limit"] as? Int == 8)
        #expect(Int(ninth.response.header("Retry-After") ?? "") ?? 0 >= 1)
        ninth.client.close()

        // A stream its client closes frees its place at once.
        streams.removeFirst().client.close()
        let replacement = try Self.openStream(server, token: alice.token)
        #expect(replacement.response.status == 200, "the closed stream's place was not freed: \(replacement.response.text)")
        streams.append(replacement)

        // A hundred more over about three seconds (under --rate-limit 50), each connection kept
        // unless the server closes it; everyone else is served meanwhile.
        var kept: [RawHTTPConnection] = []
        var refusals: [String] = []
        for attempt in 0..<100 {
            let (client, response) = try Self.openStream(server, token: alice.token)
            #expect(response.status == 429, "attempt \(attempt): \(response.status) \(response.text)")
            #expect(response.header("Retry-After") != nil)
            refusals.append(Self.refusal(response))
            if refusals.last == "too-many-account-connections" {
                #expect(response.header("Connection") == "close")
                #expect(client.awaitClose(within: 2), "a connection refused at the door stayed open")
                client.close()
            } else {
                kept.append(client)
            }
            if attempt % 10 == 9 {
                #expect(try AccountsEndToEndTests.send(server, bob.token, "GET", "/shortcuts").status == 200)
                #expect(try server.request("GET", "/accounts", headers: admin).status == 200)
                #expect(try server.request("GET", "/healthz").status == 200)
            }
            usleep(30_000)
        }
        // The share is max(100 / 4, 2 x 8) = 25 connections: 8 streams, the refused streams'
        // connections kept open up to 25, then refusals at the door.
        let streamRefusals = refusals.prefix { $0 == "too-many-streams" }.count
        #expect(streamRefusals > 0 && 8 + streamRefusals <= 25, "\(streamRefusals) stream refusals")
        #expect(refusals.dropFirst(streamRefusals).allSatisfy { $0 == "too-many-account-connections" }, "\(Set(refusals))")
        let bobStream = try EventStreamClient(server: server, headers: [("Authorization", "Bearer \(bob.token)")])
        #expect(bobStream.head?.status == 200)
        #expect(try bobStream.next("shortcuts", within: 5) != nil)
        #expect(try server.request("GET", "/accounts", headers: admin).status == 200)

        // Alice hangs up everything, and can open streams again.
        streams.forEach { $0.client.close() }
        kept.forEach { $0.close() }
        let reopened = try Self.openStreams(8, server, token: alice.token, within: 3)
        #expect(reopened.count == 8, "Alice reopened \(reopened.count) of 8 streams")
        reopened.forEach { $0.close() }
    }

    /// Up to `count` streams opened for `token` within `seconds`, retrying the refused ones.
    static func openStreams(_ count: Int, _ server: ServerProcess, token: String, within seconds: Double) throws -> [RawHTTPConnection] {
        var opened: [RawHTTPConnection] = []
        let deadline = Date().addingTimeInterval(seconds)
        while opened.count < count && Date() < deadline {
            let (client, response) = try openStream(server, token: token)
            if response.status == 200 {
                opened.append(client)
            } else {
                client.close()
                usleep(50_000)
            }
        }
        return opened
    }

    @Test("One account's plain keep-alive connections stop at its share (429, closed); another account and the admin still get in")
    func keepAliveFlood() throws {
        let server = try AccountsEndToEndTests.server(["--max-connections", "100"])
        defer { server.stop() }
        let alice = try AccountsEndToEndTests.createAccount(server, name: "Alice")
        let bob = try AccountsEndToEndTests.createAccount(server, name: "Bob")
        let auth = [("Authorization", "Bearer \(alice.token)")]

        var kept: [RawHTTPConnection] = []
        var refused = 0
        for _ in 0..<40 {
            let client = try server.connect()
            let response = try client.send("GET", "/shortcuts", headers: auth)
            if response.status == 200 {
                kept.append(client)
                continue
            }
            let problem = try Expect.problem(response, 429)
            #expect(problem.type == Self.problems + "too-many-account-connections")
            #expect(try response.jsonObject()["limit"] as? Int == 25)
            #expect(response.header("Retry-After") == "1")
            #expect(response.header("Connection") == "close")
            #expect(client.awaitClose(within: 2), "the refused connection stayed open")
            refused += 1
        }
        defer { kept.forEach { $0.close() } }
        #expect(kept.count == 25, "Alice holds \(kept.count) connections; her share is 25")
        #expect(refused == 15)
        // What she holds keeps working.
        for client in kept {
            #expect(try client.send("GET", "/shortcuts", headers: auth).status == 200)
        }
        // Bob, with connections of his own, and the admin.
        let bobs = try (0..<10).map { _ in try server.connect() }
        defer { bobs.forEach { $0.close() } }
        for client in bobs {
            #expect(try client.send("GET", "/shortcuts", headers: [("Authorization", "Bearer \(bob.token)")]).status == 200)
        }
        #expect(try server.request("GET", "/accounts", headers: [("Authorization", "Bearer \(AccountsEndToEndTests.adminToken)")]).status == 200)
        #expect(try server.request("GET", "/healthz").status == 200)

        // One of hers closes: her next connection gets in.
        kept.removeFirst().close()
        var admitted = false
        let deadline = Date().addingTimeInterval(2)
        while !admitted && Date() < deadline {
            let client = try server.connect()
            admitted = try client.send("GET", "/shortcuts", headers: auth).status == 200
            if admitted { kept.append(client) } else { usleep(20_000) }
        }
        #expect(admitted, "a place freed by a closed connection was not given back")
    }

    @Test("Single-account mode: the one account's streams stop at --max-streams-per-account too")
    func singleAccountStreams() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--max-streams-per-account", "2"])
        defer { server.stop() }
        let first = try EventStreamClient(server: server)
        let second = try EventStreamClient(server: server)
        #expect(first.head?.status == 200 && second.head?.status == 200)
        let third = try server.connect()
        defer { third.close() }
        let refused = try third.send("GET", "/events")
        let problem = try Expect.problem(refused, 429)
        #expect(problem.type == Self.problems + "too-many-streams")
        #expect(try refused.jsonObject()["limit"] as? Int == 2)
        // Plain requests are not held to a share in single-account mode.
        #expect(try third.send("GET", "/shortcuts").status == 200)
    }
}
