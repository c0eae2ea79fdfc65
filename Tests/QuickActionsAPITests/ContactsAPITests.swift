import Foundation
import QuickActions
import StorageCore
import Testing

@Suite struct ContactsAPITests {
    @Test func createReturns201WithLocationAndContact() throws {
        let api = try APITestHarness()
        let response = try api.send("POST", "/contacts", json: #"{"name":"  Ada Lovelace ","email":"ada@example.com"}"#)
        #expect(response.status == 201)
        let contact = try response.object()
        let id = try #require(contact["id"]?.stringValue)
        #expect(response.headers["Location"] == "/contacts/\(id)")
        #expect(contact["name"] == "Ada Lovelace")
        #expect(contact["email"] == "ada@example.com")
        #expect(contact["favorite"] == false)
        let created = try #require(contact["createdAt"]?.stringValue)
        #expect(Timestamp(rfc3339: created) != nil)
        #expect(created.hasSuffix("Z"))
        #expect(contact["updatedAt"]?.stringValue == created)
        #expect(try api.repository.get(id: id)?.name == "Ada Lovelace")
    }

    @Test func emailMayBeNullOrAbsent() throws {
        let api = try APITestHarness()
        #expect(try api.send("POST", "/contacts", json: #"{"name":"A","email":null}"#).object()["email"] == .null)
        #expect(try api.send("POST", "/contacts", json: #"{"name":"B"}"#).object()["email"] == .null)
    }

    @Test(arguments: [
        (#"{"name":"#, 400), ("[]", 400), (#""x""#, 400), (#"{"name":5}"#, 400), (#"{"name":"a","favorite":"yes"}"#, 400),
        (#"{"name":"a","nick":"b"}"#, 400), (#"{"email":"a@b.co"}"#, 400), (#"{"name":"a","name":"b"}"#, 400),
        (#"{"name":"   "}"#, 422), (#"{"name":"a\u0007b"}"#, 422), ("{\"name\":\"" + String(repeating: "x", count: 101) + "\"}", 422),
        (#"{"name":"a","email":"nope"}"#, 422), (#"{"name":"a","email":"a@b"}"#, 422),
        ("{\"name\":\"a\",\"email\":\"" + String(repeating: "x", count: 250) + "@b.co\"}", 422),
    ])
    func badBodiesAreRefusedAndChangeNothing(body: String, status: Int) throws {
        let api = try APITestHarness(seed: true)
        let before = try api.repository.list(ContactQuery())
        try api.send("POST", "/contacts", json: body).expectProblem(status)
        #expect(try api.repository.list(ContactQuery()) == before)
    }

    @Test func bodyWithoutJSONContentTypeIs415() throws {
        let api = try APITestHarness()
        try api.send("POST", "/contacts", headers: [("Content-Type", "text/plain")]).expectProblem(415)
        let missing = try api.send("POST", "/contacts")
        try missing.expectProblem(415)
        let withCharset = try api.send(
            "POST", "/contacts", json: nil, headers: [("Content-Type", "application/json; charset=utf-8")])
        try withCharset.expectProblem(400)  // right type, empty body
    }

    @Test func hundredCharacterNameIsAccepted() throws {
        let api = try APITestHarness()
        let name = String(repeating: "é", count: 100)
        #expect(try api.send("POST", "/contacts", json: "{\"name\":\"\(name)\"}").status == 201)
    }

    @Test func getPatchDeleteLifecycle() throws {
        let api = try APITestHarness()
        let id = try #require(try api.send("POST", "/contacts", json: #"{"name":"Grace"}"#).object()["id"]?.stringValue)
        let patched = try api.send("PATCH", "/contacts/\(id)", json: #"{"name":"Grace Hopper","email":"grace@example.com"}"#)
        #expect(patched.status == 200)
        #expect(try patched.object()["name"] == "Grace Hopper")
        #expect(try patched.object()["email"] == "grace@example.com")
        #expect(try api.send("PATCH", "/contacts/\(id)", json: #"{"email":null}"#).object()["email"] == .null)
        #expect(try api.send("GET", "/contacts/\(id)").object()["name"] == "Grace Hopper")
        #expect(try api.send("DELETE", "/contacts/\(id)").status == 204)
        try api.send("GET", "/contacts/\(id)").expectProblem(404)
        try api.send("DELETE", "/contacts/\(id)").expectProblem(404)
        try api.send("PATCH", "/contacts/\(id)", json: #"{"name":"x"}"#).expectProblem(404)
    }

    @Test func favoriteIsIdempotentAndUnfavoriteClears() throws {
        let api = try APITestHarness()
        let id = try #require(try api.send("POST", "/contacts", json: #"{"name":"Ada"}"#).object()["id"]?.stringValue)
        let first = try api.send("POST", "/contacts/\(id)/favorite")
        let second = try api.send("POST", "/contacts/\(id)/favorite")
        #expect(first.status == 200 && second.status == 200)
        #expect(try first.object()["favorite"] == true)
        #expect(try second.object() == first.object())
        #expect(try api.repository.get(id: id)?.revision == 2)
        let cleared = try api.send("DELETE", "/contacts/\(id)/favorite")
        #expect(try cleared.object()["favorite"] == false)
        try api.send("POST", "/contacts/unknown/favorite").expectProblem(404)
    }

    @Test func staleIfMatchIs412AndChangesNothing() throws {
        let api = try APITestHarness()
        let created = try api.send("POST", "/contacts", json: #"{"name":"Ada"}"#)
        let id = try #require(try created.object()["id"]?.stringValue)
        let etag = try #require(created.headers["ETag"])
        #expect(try api.send("PATCH", "/contacts/\(id)", json: #"{"name":"Ada L"}"#, headers: [("If-Match", etag)]).status == 200)
        try api.send("PATCH", "/contacts/\(id)", json: #"{"name":"Other"}"#, headers: [("If-Match", etag)]).expectProblem(412)
        try api.send("DELETE", "/contacts/\(id)", headers: [("If-Match", etag)]).expectProblem(412)
        #expect(try api.repository.get(id: id)?.name == "Ada L")
    }

    @Test func listPagesWithOpaqueCursorUntilNull() throws {
        let api = try APITestHarness()
        for index in 0..<5 { _ = try api.send("POST", "/contacts", json: "{\"name\":\"C\(index)\"}") }
        var names: [String] = []
        var target = "/contacts?limit=2"
        var pages = 0
        while true {
            let page = try api.send("GET", target).object()
            #expect(page["total"] == 5)
            guard case .array(let contacts)? = page["contacts"] else { Issue.record("no contacts"); return }
            names += contacts.compactMap { $0.objectValue?["name"]?.stringValue }
            pages += 1
            guard case .string(let cursor)? = page["nextCursor"] else { break }
            target = "/contacts?limit=2&cursor=\(cursor)"
        }
        #expect(names == ["C0", "C1", "C2", "C3", "C4"])
        #expect(pages == 3)
    }

    @Test(arguments: ["limit=0", "limit=1001", "limit=abc", "favorite=yes", "cursor=%21%21", "cursor=djE6LTE", "sort=name"])
    func badQueriesAre400(query: String) throws {
        let api = try APITestHarness(seed: true)
        try api.send("GET", "/contacts?\(query)").expectProblem(400)
    }

    @Test func searchIsCaseAndDiacriticInsensitiveAndFilters() throws {
        let api = try APITestHarness(seed: true)
        let found = try api.send("GET", "/contacts?q=angstrom").object()
        #expect(found["total"] == 1)
        guard case .array(let contacts)? = found["contacts"] else { Issue.record("no contacts"); return }
        #expect(contacts.first?.objectValue?["name"] == "Anders Ångström")
        #expect(try api.send("GET", "/contacts?q=EXAMPLE.COM").object()["total"] == 2)
        #expect(try api.send("GET", "/contacts?favorite=true").object()["total"] == 2)
        #expect(try api.send("GET", "/contacts?favorite=false&q=a").object()["total"] == 2)
        #expect(try api.send("GET", "/contacts?limit=1000").status == 200)
    }

    @Test func vcardCarriesNameAndEmail() throws {
        let api = try APITestHarness()
        let id = try #require(
            try api.send("POST", "/contacts", json: #"{"name":"Anders Ångström","email":"anders@example.se"}"#).object()["id"]?.stringValue)
        let card = try api.send("GET", "/contacts/\(id)/vcard")
        #expect(card.status == 200)
        #expect(card.headers["Content-Type"]?.hasPrefix("text/vcard") == true)
        let lines = card.text.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCARD")
        #expect(lines.contains("VERSION:3.0"))
        #expect(lines.contains("FN:Anders Ångström"))
        #expect(lines.contains("N:Ångström;Anders;;;"))
        #expect(lines.contains("EMAIL;TYPE=INTERNET:anders@example.se"))
        try api.send("GET", "/contacts/nope/vcard").expectProblem(404)
    }
}
