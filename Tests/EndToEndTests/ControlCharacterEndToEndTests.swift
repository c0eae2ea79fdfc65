import Foundation
import Testing

/// Control characters in the text a client asks the service to store, through the real binary:
/// the same 422 naming the field on every backend (before PostgreSQL, which cannot hold a NUL,
/// ever sees it), no `Retry-After` (a client's outbox must not retry what can never succeed),
/// nothing stored, and no error in the log.
@Suite struct ControlCharacterEndToEndTests {
    static let arguments = ["--no-seed", "--accounts", "--admin-token", AccountsEndToEndTests.adminToken]

    /// One request that must be refused: where it goes, its body, and the field the problem names.
    struct Case: Sendable, CustomStringConvertible {
        let method: String
        let path: String
        let body: String
        let field: String
        var description: String { "\(method) \(path) \(body)" }
    }

    static func cases(contactID: String) -> [Case] {
        var cases: [Case] = []
        for text in [#"a\u0000b"#, #"\u001f"#, #"tab\there"#, #"line\nbreak"#, #"del\u007f"#, #"c1\u0085"#, #"\u009f"#] {
            cases.append(Case(method: "POST", path: "/trigger", body: #"{"type":"SearchAction","deviceId":"\#(text)"}"#, field: "deviceId"))
        }
        cases += [
            Case(method: "POST", path: "/trigger", body: #"{"type":"Search\u0000Action"}"#, field: "type"),
            Case(method: "POST", path: "/trigger", body: #"{"type":"SearchAction","launch":"cold\u0000"}"#, field: "launch"),
            Case(method: "POST", path: "/trigger", body: #"{"type":"SearchAction","userInfo":{"k\u0000":"v"}}"#, field: "userInfo"),
            Case(method: "POST", path: "/trigger", body: #"{"type":"SearchAction","userInfo":{"k":"v\u0000"}}"#, field: "userInfo"),
            Case(method: "POST", path: "/trigger", body: #"{"type":"SearchAction","userInfo":{"k":["a",{"b":"\u0001"}]}}"#, field: "userInfo"),
            Case(method: "POST", path: "/trigger", body: #"{"type":"FavoriteAction","userInfo":{"Name":"Ada\u0000"}}"#, field: "userInfo"),
            Case(method: "POST", path: "/contacts", body: #"{"name":"Ada\u0000Lovelace"}"#, field: "name"),
            Case(method: "POST", path: "/contacts", body: #"{"name":"Ada","email":"ada\u0000@example.com"}"#, field: "email"),
            Case(method: "PATCH", path: "/contacts/\(contactID)", body: #"{"name":"Ada\u0007"}"#, field: "name"),
            Case(method: "PATCH", path: "/contacts/\(contactID)", body: #"{"email":"ada@exam\u0000ple.com"}"#, field: "email"),
            Case(method: "POST", path: "/accounts", body: #"{"name":"Acme\u0000"}"#, field: "name"),
        ]
        return cases
    }

    @Test(
        "NUL and other control characters in every stored field are a 422 naming the field, with nothing stored", arguments: StorageBackend.available)
    func controlCharactersAreRefusedByField(backend: StorageBackend) throws {
        try backend.withServers(arguments: Self.arguments) { servers, store in
            let server = servers[0]
            let account = try AccountsEndToEndTests.createAccount(server, name: "Texts")
            let created = try AccountsEndToEndTests.send(
                server, account.token, "POST", "/contacts", json: #"{"name":"Ada","email":"ada@example.com"}"#)
            let contactID = try #require(try created.jsonObject()["id"] as? String)
            for item in Self.cases(contactID: contactID) {
                let token = item.path == "/accounts" ? AccountsEndToEndTests.adminToken : account.token
                // Twice, the second time as a retry under the same Idempotency-Key: still refused.
                for _ in 0..<2 {
                    let response = try AccountsEndToEndTests.send(
                        server, token, item.method, item.path, json: item.body,
                        headers: [("Idempotency-Key", "text-\(item.field)-\(item.body.count)")])
                    let problem = try Expect.problem(response, 422)
                    #expect(problem.field == item.field, "\(item): \(response.text)")
                    #expect(response.header("Retry-After") == nil, "\(item)")
                }
            }
            #expect(try store.integer("SELECT count(*) FROM triggers") == 0)
            #expect(try store.integer("SELECT count(*) FROM idempotency_answers") == 0)
            #expect(try store.integer("SELECT count(*) FROM contacts") == 1)
            #expect(try store.integer("SELECT count(*) FROM accounts") == 2)
            let contact = try AccountsEndToEndTests.send(server, account.token, "GET", "/contacts/\(contactID)").decode(ContactBody.self)
            #expect(contact.name == "Ada" && contact.email == "ada@example.com")

            // A userInfo value may run over lines; tab, line feed and carriage return are kept as sent.
            let multiline = try AccountsEndToEndTests.send(
                server, account.token, "POST", "/trigger", json: #"{"type":"SearchAction","userInfo":{"note":"one\ntwo\tthree\r"}}"#)
            #expect(multiline.status == 200, "\(multiline.text)")
            let listed = try AccountsEndToEndTests.send(server, account.token, "GET", "/triggers").decode(TriggerListBody.self)
            #expect(listed.triggers.count == 1)
            // A filter no stored trigger can match finds none, on every backend alike.
            for query in ["type=%00", "contactId=%01", "type=Search%7FAction"] {
                let filtered = try AccountsEndToEndTests.send(server, account.token, "GET", "/triggers?\(query)")
                #expect(filtered.status == 200, "\(query): \(filtered.text)")
                #expect(try filtered.decode(TriggerListBody.self).triggers.isEmpty, "\(query)")
            }
            let log = try server.standardError()
            #expect(!log.contains(#""level":"error""#), "\(log.split(separator: "\n").filter { $0.contains(#""level":"error""#) }.prefix(3))")
        }
    }
}
