import Foundation
import TestSupport
import Testing

/// Connection reuse and the request log.
@Suite struct ConnectionEndToEndTests {
    @Test("Keep-alive: one connection carries many requests, none answered with Connection: close")
    func keepAlive() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let client = try server.connect()
        defer { client.close() }
        let json = [("Content-Type", "application/json")]

        var responses: [(String, RawHTTPResponse)] = []
        func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: String? = nil) throws -> RawHTTPResponse {
            let response = try client.send(method, target, headers: headers, body: body.map { Array($0.utf8) })
            responses.append(("\(method) \(target)", response))
            return response
        }

        #expect(try send("GET", "/healthz").status == 200)
        let created = try send("POST", "/contacts", headers: json, body: #"{"name": "Kept Alive"}"#)
        #expect(created.status == 201)
        let id = try created.decode(ContactBody.self).id
        #expect(try send("GET", "/contacts/\(id)").status == 200)
        #expect(try send("POST", "/contacts/\(id)/favorite").status == 200)
        #expect(try send("HEAD", "/shortcuts").status == 200)
        #expect(try send("GET", "/shortcuts").status == 200)
        #expect(try send("PATCH", "/contacts/\(id)", headers: json, body: #"{"email": "kept@example.com"}"#).status == 200)
        #expect(try send("POST", "/contacts", headers: json, body: #"{"name": ""}"#).status == 422)
        #expect(try send("GET", "/nope").status == 404)
        #expect(try send("DELETE", "/contacts/\(id)").status == 204)
        #expect(try send("GET", "/contacts/\(id)").status == 404)
        #expect(try send("GET", "/healthz").status == 200)

        for (request, response) in responses {
            #expect(response.header("Connection")?.lowercased() != "close", "\(request) closed the connection")
        }
        #expect(!client.peerClosed)
    }

    @Test("Every request writes one log line on stderr with its method, path and status")
    func requestLog() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let run = UUID().uuidString.lowercased().prefix(8)

        let requests: [(method: String, path: String, status: Int, body: String?)] = [
            ("GET", "/healthz", 200, nil),
            ("POST", "/contacts", 201, #"{"name": "Logged Person"}"#),
            ("GET", "/contacts", 200, nil),
            ("GET", "/nope", 404, nil),
            ("DELETE", "/shortcuts", 405, nil),
            ("POST", "/contacts", 422, #"{"name": ""}"#),
            ("HEAD", "/shortcuts", 200, nil),
        ]
        for (index, request) in requests.enumerated() {
            var headers = [("X-Request-Id", "e2e-\(run)-\(index)")]
            if request.body != nil { headers.append(("Content-Type", "application/json")) }
            let response = try server.request(request.method, request.path, headers: headers, body: request.body.map { Array($0.utf8) })
            #expect(response.status == request.status, "\(request.method) \(request.path)")
            #expect(response.header("X-Request-Id") == "e2e-\(run)-\(index)")
        }

        let lines = try server.standardError().split(separator: "\n")
        for (index, request) in requests.enumerated() {
            let id = "e2e-\(run)-\(index)"
            let matching = lines.filter { $0.contains(id) }
            #expect(matching.count == 1, "\(request.method) \(request.path): \(matching.count) log lines")
            guard let line = matching.first else { continue }
            #expect(line.contains(request.method), "\(line)")
            #expect(line.contains(request.path), "\(line)")
            #expect(line.contains(String(request.status)), "\(line)")
            // The log is JSON lines: check the fields themselves, not just the text.
            let fields = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(fields?["method"] as? String == request.method, "\(line)")
            #expect(fields?["path"] as? String == request.path, "\(line)")
            #expect((fields?["status"] as? NSNumber)?.intValue == request.status, "\(line)")
        }
    }
}
