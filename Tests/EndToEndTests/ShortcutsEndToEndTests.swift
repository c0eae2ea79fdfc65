import TestSupport
import Testing

/// `GET /shortcuts`: static items first, then one FavoriteAction per favorite contact.
@Suite struct ShortcutsEndToEndTests {
    @Test("A fresh seeded database lists Search, Share, then its favorites in creation order")
    func seededList() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        let favorites = try server.listContacts("?favorite=true").contacts
        #expect(!favorites.isEmpty, "the seed should include favorites")
        let response = try server.request("GET", "/shortcuts")
        #expect(response.status == 200)
        #expect(response.mediaType == "application/json")
        #expect(response.header("ETag") != nil)
        let list = try response.decode(ShortcutListBody.self)
        #expect(Array(list.items.prefix(2)) == Expect.staticItems)
        #expect(Array(list.items.dropFirst(2)) == favorites.enumerated().map { Expect.favoriteItem($1, visible: $0 + 2 < 4) })
        #expect(response.header("ETag") == "\"\(list.version)\"")

        // Every item carries `kind`; it is what tells a device which items to set at run time.
        let raw = try #require(try response.jsonObject()["items"] as? [[String: Any]])
        #expect(raw.count == list.items.count)
        #expect(raw.allSatisfy { $0["kind"] is String })
    }

    @Test("--no-seed starts empty: no contacts, only the static items")
    func noSeed() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }

        let contacts = try server.listContacts()
        #expect(contacts.total == 0)
        #expect(contacts.contacts.isEmpty)
        #expect(contacts.nextCursor == nil)
        #expect(try server.shortcuts().list.items == Expect.staticItems)
    }

    @Test("Favorites appear in creation order, not the order they were favorited; only four are visible")
    func creationOrder() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let first = try server.createContact(name: "First Person", email: "first@example.com")
        let second = try server.createContact(name: "Second Person")
        let third = try server.createContact(name: "Third Person", email: "third@example.com")

        for contact in [third, first, second] {
            #expect(try server.request("POST", "/contacts/\(contact.id)/favorite").status == 200)
        }
        let items = try server.shortcuts().list.items
        let favorited = try [first, second, third].map { contact in
            try server.request("GET", "/contacts/\(contact.id)").decode(ContactBody.self)
        }
        #expect(
            items == Expect.staticItems + [
                Expect.favoriteItem(favorited[0]), Expect.favoriteItem(favorited[1]), Expect.favoriteItem(favorited[2], visible: false),
            ])
        #expect(items[3].localizedSubtitle == nil, "a contact without email has no subtitle")
    }

    @Test("If-None-Match with the current ETag is 304, a stale one 200")
    func conditionalGet() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let etag = try #require(try server.shortcuts().etag)

        let notModified = try server.request("GET", "/shortcuts", headers: [("If-None-Match", etag)])
        #expect(notModified.status == 304)
        #expect(notModified.body.isEmpty)
        #expect(notModified.header("ETag") == etag)

        let contact = try server.createContact(name: "New Favorite", favorite: true)
        let changed = try server.request("GET", "/shortcuts", headers: [("If-None-Match", etag)])
        #expect(changed.status == 200)
        #expect(changed.header("ETag") != etag)
        #expect(try changed.decode(ShortcutListBody.self).items.last == Expect.favoriteItem(contact, visible: false))
    }

    @Test("Polling on one keep-alive connection: the same bytes with a fresh X-Request-Id each time, and every change at once")
    func pollingOnOneConnection() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let poller = try RawHTTPConnection(port: server.port)
        let first = try poller.send("GET", "/shortcuts")
        #expect(first.status == 200)
        let etag = try #require(first.header("ETag"))
        var ids = [first.header("X-Request-Id") ?? ""]
        for _ in 0..<5 {
            let again = try poller.send("GET", "/shortcuts")
            #expect(again.status == 200)
            #expect(again.body == first.body)
            #expect(again.header("ETag") == etag)
            #expect(again.headerValues("X-Request-Id").count == 1)
            ids.append(again.header("X-Request-Id") ?? "")
        }
        #expect(Set(ids).count == ids.count, "an id was repeated: \(ids)")

        let notModified = try poller.send("GET", "/shortcuts", headers: [("If-None-Match", etag)])
        #expect(notModified.status == 304)
        let plist = try poller.send("GET", "/shortcuts", headers: [("Accept", "application/x-plist")])
        #expect(plist.status == 200)
        #expect(plist.header("Content-Type")?.hasPrefix("application/x-plist") == true)
        #expect(try poller.send("GET", "/shortcuts").body == first.body)

        // A change made elsewhere reaches the poller's very next request.
        let contact = try server.createContact(name: "Polled Favorite", favorite: true)
        let changed = try poller.send("GET", "/shortcuts")
        #expect(changed.status == 200)
        #expect(changed.header("ETag") != etag)
        #expect(try changed.decode(ShortcutListBody.self).items.last == Expect.favoriteItem(contact, visible: false))
        #expect(try poller.send("GET", "/shortcuts", headers: [("If-None-Match", etag)]).status == 200)
    }
}
