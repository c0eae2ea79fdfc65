import TestSupport
import Testing

/// `GET /contacts` with `q`, `favorite`, `limit` and `cursor`.
@Suite struct SearchEndToEndTests {
    @Test("q is case- and diacritic-insensitive: angstrom finds Ångström")
    func diacritics() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let anders = try server.createContact(name: "Anders Ångström", email: "anders@example.se")
        _ = try server.createContact(name: "Ada Lovelace", email: "ada@example.com")

        for query in ["?q=angstrom", "?q=ANGSTR%C3%96M", "?q=%C3%A5ngstr%C3%B6m", "?q=Angs"] {
            let page = try server.listContacts(query)
            #expect(page.contacts == [anders], "\(query)")
            #expect(page.total == 1, "\(query)")
        }
        #expect(try server.listContacts("?q=example.se").contacts == [anders], "q also searches emails")
        #expect(try server.listContacts("?q=zzz").total == 0)
    }

    @Test("The seeded Ångström is found by angstrom")
    func seeded() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        let page = try server.listContacts("?q=angstrom")
        #expect(page.contacts.map(\.name) == ["Anders Ångström"])
    }

    @Test("favorite=true and favorite=false filter, in creation order")
    func favoriteFilter() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let one = try server.createContact(name: "One", favorite: true)
        let two = try server.createContact(name: "Two")
        let three = try server.createContact(name: "Three", favorite: true)

        #expect(try server.listContacts("?favorite=true").contacts == [one, three])
        #expect(try server.listContacts("?favorite=true").total == 2)
        #expect(try server.listContacts("?favorite=false").contacts == [two])
        #expect(try server.listContacts().contacts == [one, two, three])
        #expect(try server.listContacts("?q=t&favorite=true").contacts == [three])
    }

    @Test("limit pages through everything with nextCursor until it is null")
    func paging() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let created = try (1...5).map { try server.createContact(name: "Person \($0)") }

        var seen: [ContactBody] = []
        var pages = 0
        var query = "?limit=2"
        while true {
            let page = try server.listContacts(query)
            pages += 1
            #expect(page.total == 5)
            #expect(page.contacts.count <= 2)
            seen += page.contacts
            guard let cursor = page.nextCursor else { break }
            try #require(pages < 10, "nextCursor never became null")
            query = "?limit=2&cursor=\(cursor)"
        }
        #expect(pages == 3)
        #expect(seen == created)

        let filtered = try server.listContacts("?limit=1&q=person%203")
        #expect(filtered.contacts == [created[2]])
        #expect(filtered.nextCursor == nil)
    }

    @Test("limit must be 1 to 1000", arguments: ["0", "1001", "-1", "abc", ""])
    func badLimit(limit: String) throws {
        let server = try ServerProcess()
        defer { server.stop() }

        try Expect.problem(try server.request("GET", "/contacts?limit=\(limit)"), 400)
        #expect(try server.request("GET", "/contacts?limit=1000").status == 200)
        #expect(try server.request("GET", "/contacts?limit=1").status == 200)
    }
}
