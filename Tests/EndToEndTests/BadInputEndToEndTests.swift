import TestSupport
import Testing

/// Requests a careless or hostile client sends: each is refused with the right problem,
/// nothing changes, and the server keeps answering.
@Suite struct BadInputEndToEndTests {
    /// One bad request and the status it must get.
    struct Case: CustomStringConvertible {
        var label: String
        var method: String
        var target: String
        var contentType: String?
        var body: [UInt8]
        var status: Set<Int>

        init(
            _ label: String, _ method: String = "POST", _ target: String = "/contacts", contentType: String? = "application/json", body: String,
            _ status: Int...
        ) {
            self.init(label, method, target, contentType: contentType, bytes: Array(body.utf8), Set(status))
        }

        init(_ label: String, _ method: String, _ target: String, contentType: String?, bytes: [UInt8], _ status: Set<Int>) {
            self.label = label
            self.method = method
            self.target = target
            self.contentType = contentType
            self.body = bytes
            self.status = status
        }

        var description: String { "\(method) \(target) [\(label)]" }
    }

    static func cases(contactId id: String) -> [Case] {
        [
            Case("malformed JSON", body: #"{"name": "Ada""#, 400),
            Case("trailing garbage", body: #"{"name": "Ada"} x"#, 400),
            Case("array body", body: #"[{"name": "Ada"}]"#, 400),
            Case("string body", body: #""Ada""#, 400),
            Case("empty body", body: "", 400),
            Case("name is a number", body: #"{"name": 42}"#, 400),
            Case("name is null", body: #"{"name": null}"#, 400),
            Case("favorite is a string", body: #"{"name": "Ada", "favorite": "yes"}"#, 400),
            Case("email is a number", body: #"{"name": "Ada", "email": 7}"#, 400),
            Case("unknown field", body: #"{"name": "Ada", "nickname": "Countess"}"#, 400),
            Case("missing name", body: #"{"email": "ada@example.com"}"#, 400, 422),
            Case(
                "invalid UTF-8", "POST", "/contacts", contentType: "application/json",
                bytes: Array(#"{"name": ""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8), [400]),
            Case("no Content-Type", contentType: nil, body: #"{"name": "Ada"}"#, 415),
            Case("text/plain", contentType: "text/plain", body: #"{"name": "Ada"}"#, 415),
            Case("form", contentType: "application/x-www-form-urlencoded", body: "name=Ada", 415),
            Case("empty name", body: #"{"name": ""}"#, 422),
            Case("blank name", body: #"{"name": "   \t "}"#, 422),
            Case("long name", body: #"{"name": "\#(String(repeating: "a", count: 101))"}"#, 422),
            Case("control character in name", body: #"{"name": "Ada\u0007Lovelace"}"#, 422),
            Case("newline inside name", body: #"{"name": "Ada\nLovelace"}"#, 422),
            Case("email without @", body: #"{"name": "Ada", "email": "not-an-email"}"#, 422),
            Case("email without dot", body: #"{"name": "Ada", "email": "ada@localhost"}"#, 422),
            Case("email with space", body: #"{"name": "Ada", "email": "ada lovelace@example.com"}"#, 422),
            Case("email too long", body: #"{"name": "Ada", "email": "\#(String(repeating: "a", count: 250))@example.com"}"#, 422),

            Case("PATCH malformed", "PATCH", "/contacts/\(id)", body: #"{"name": "#, 400),
            Case("PATCH array", "PATCH", "/contacts/\(id)", body: "[]", 400),
            Case("PATCH wrong type", "PATCH", "/contacts/\(id)", body: #"{"favorite": 1}"#, 400),
            Case("PATCH unknown field", "PATCH", "/contacts/\(id)", body: #"{"id": "other"}"#, 400),
            Case("PATCH no Content-Type", "PATCH", "/contacts/\(id)", contentType: nil, body: #"{"name": "X"}"#, 415),
            Case("PATCH empty name", "PATCH", "/contacts/\(id)", body: #"{"name": ""}"#, 422),
            Case("PATCH bad email", "PATCH", "/contacts/\(id)", body: #"{"email": "@example.com"}"#, 422),

            Case("trigger malformed", "POST", "/trigger", body: "{", 400),
            Case("trigger unknown field", "POST", "/trigger", body: #"{"type": "SearchAction", "extra": 1}"#, 400),
            Case("trigger type is a number", "POST", "/trigger", body: #"{"type": 3}"#, 400),
            Case("trigger no Content-Type", "POST", "/trigger", contentType: nil, body: #"{"type": "SearchAction"}"#, 415),
            Case("trigger unknown type", "POST", "/trigger", body: #"{"type": "NoSuchAction"}"#, 422),

            Case("limit 0", "GET", "/contacts?limit=0", contentType: nil, body: "", 400),
            Case("limit 1001", "GET", "/contacts?limit=1001", contentType: nil, body: "", 400),
            Case("favorite=maybe", "GET", "/contacts?favorite=maybe", contentType: nil, body: "", 400),
            Case("forged cursor", "GET", "/contacts?cursor=not-a-cursor", contentType: nil, body: "", 400),
            Case("unknown query parameter", "GET", "/contacts?sort=name", contentType: nil, body: "", 400),
        ]
    }

    @Test("Each bad request gets its problem, and afterwards the data is unchanged and the server answers")
    func badInput() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contactsBefore = try server.request("GET", "/contacts")
        let shortcutsBefore = try server.request("GET", "/shortcuts")
        let contact = try #require(try contactsBefore.decode(ContactListBody.self).contacts.first)
        let contactBefore = try server.request("GET", "/contacts/\(contact.id)")

        for bad in Self.cases(contactId: contact.id) {
            let headers = bad.contentType.map { [("Content-Type", $0)] } ?? []
            let body = bad.method == "GET" ? nil : bad.body
            let response = try server.request(bad.method, bad.target, headers: headers, body: body)
            #expect(bad.status.contains(response.status), "\(bad): \(response.status) \(response.text)")
            #expect(response.mediaType == "application/problem+json", "\(bad)")
            if let problem = try? response.decode(ProblemBody.self) {
                #expect(problem.status == response.status, "\(bad)")
                #expect(!problem.type.isEmpty && !problem.title.isEmpty && !problem.detail.isEmpty, "\(bad)")
            } else {
                Issue.record("\(bad): the body is not a problem: \(response.text)")
            }
        }

        #expect(try server.request("GET", "/contacts").body == contactsBefore.body, "bad input changed the contacts")
        #expect(try server.request("GET", "/shortcuts").body == shortcutsBefore.body, "bad input changed the shortcuts")
        #expect(try server.request("GET", "/contacts/\(contact.id)").body == contactBefore.body)
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test("A body over --max-body-bytes is 413; one at the limit is accepted")
    func bodyTooLarge() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--max-body-bytes", "1024"])
        defer { server.stop() }

        // Declared too large: refused from the head alone, before any of the body is sent.
        let declared = try server.connect()
        defer { declared.close() }
        try declared.sendRaw(
            Array("POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n".utf8))
        let refused = try declared.readResponse(method: "POST")
        try Expect.problem(refused, 413)

        // Chunked, so undeclared: refused once the body ends.
        let chunked = try server.connect()
        defer { chunked.close() }
        let payload = #"{"name": "Ada", "email": ""# + String(repeating: "a", count: 3000) + #"@example.com"}"#
        var raw = "POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
        for start in stride(from: 0, to: payload.utf8.count, by: 500) {
            let piece = Array(payload.utf8)[start..<min(start + 500, payload.utf8.count)]
            raw += String(piece.count, radix: 16) + "\r\n" + String(decoding: piece, as: UTF8.self) + "\r\n"
        }
        raw += "0\r\n\r\n"
        try chunked.sendRaw(Array(raw.utf8))
        try Expect.problem(try chunked.readResponse(method: "POST"), 413)

        // Exactly at the limit: accepted.
        let prefix = #"{"name": "At The Limit""#
        let exact = prefix + String(repeating: " ", count: 1024 - prefix.utf8.count - 1) + "}"
        #expect(exact.utf8.count == 1024)
        #expect(try server.request("POST", "/contacts", json: exact).status == 201)

        let contacts = try server.listContacts().contacts
        #expect(contacts.map(\.name) == ["At The Limit"])
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test("Ambiguous framing (duplicate Content-Length, Content-Length with chunked) is refused and changes nothing")
    func ambiguousFraming() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let body = #"{"name":"X"}"#

        let duplicate = try server.connect()
        defer { duplicate.close() }
        try duplicate.sendRaw(
            Array(
                "POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                    .utf8))
        try Expect.problem(try duplicate.readResponse(method: "POST"), 400)

        let conflicting = try server.connect()
        defer { conflicting.close() }
        let chunk = String(body.utf8.count, radix: 16) + "\r\n" + body + "\r\n0\r\n\r\n"
        try conflicting.sendRaw(
            Array(
                "POST /contacts HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: \(chunk.utf8.count)\r\nTransfer-Encoding: chunked\r\n\r\n\(chunk)"
                    .utf8))
        let conflictResponse = try conflicting.readResponse(method: "POST")
        #expect(conflictResponse.status == 400, "\(conflictResponse.status) \(conflictResponse.text)")

        #expect(try server.listContacts().total == 0)
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
