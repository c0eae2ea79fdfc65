import Foundation
import TestSupport
import Testing

/// At `--max-connections`, a new client learns at once that the server is full, with a prompt
/// 503, instead of waiting in the listen backlog until an idle connection times out (a health
/// probe would time out with it).
@Suite struct ConnectionLimitEndToEndTests {
    @Test("Past --max-connections a new client gets a prompt 503 with Retry-After, open ones are still served, and a freed slot is used")
    func promptRefusalAtTheLimit() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--max-connections", "8"])
        defer { server.stop() }
        // Eight keep-alive clients, each served once so that it is surely accepted and open.
        let open = try (0..<8).map { _ in try server.connect() }
        defer { open.forEach { $0.close() } }
        for client in open {
            #expect(try client.send("GET", "/healthz").status == 200)
        }

        let started = Date()
        let refused = try server.connect()
        defer { refused.close() }
        try refused.writeRequest("GET", "/healthz")
        let response = try refused.readResponse()
        let elapsed = Date().timeIntervalSince(started)
        let problem = try Expect.problem(response, 503)
        #expect(problem.type.hasSuffix("/too-many-connections"))
        #expect(response.header("Retry-After") == "1")
        #expect(refused.awaitClose(within: 2), "the refused connection stayed open")
        #expect(elapsed < 1, "the refusal took \(elapsed) s")

        // The eight are unaffected.
        #expect(try open[0].send("GET", "/healthz").status == 200)

        // One leaves: the next client is served.
        open[1].close()
        var served = false
        for _ in 0..<50 where !served {
            let client = try server.connect()
            defer { client.close() }
            try client.writeRequest("GET", "/healthz")
            served = try client.readResponse().status == 200
            if !served { usleep(20_000) }
        }
        #expect(served, "a freed slot was not used")
    }
}
