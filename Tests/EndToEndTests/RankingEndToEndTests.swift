import Foundation
import TestSupport
import Testing

/// The order of the favorites in `GET /shortcuts`: pinned first, then by use (`--dynamic-order`).
@Suite struct RankingEndToEndTests {
    /// The dynamic items of the list: (title, rank), and the list's ETag.
    static func dynamicItems(_ server: ServerProcess) throws -> (items: [(String, Int?)], etag: String?) {
        let response = try server.request("GET", "/shortcuts")
        let items = try #require(try response.jsonObject()["items"] as? [[String: Any]])
        let dynamic = items.filter { $0["kind"] as? String == "dynamic" }
        return (dynamic.map { ($0["localizedTitle"] as? String ?? "", $0["rank"] as? Int) }, response.header("ETag"))
    }

    static func pick(_ server: ServerProcess, _ contact: ContactBody) throws {
        let response = try server.request("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)"}}"#)
        #expect(response.status == 200)
    }

    @Test("A picked favorite moves up with its rank; a pick that moves nothing keeps the ETag; a pinned one comes first")
    func picksAndPinsOrderTheFavorites() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Ada", favorite: true)
        let bob = try server.createContact(name: "Bob", favorite: true)
        let cy = try server.createContact(name: "Cy", favorite: true)
        let start = try Self.dynamicItems(server)
        #expect(start.items.map(\.0) == ["Ada", "Bob", "Cy"] && start.items.map(\.1) == [0, 1, 2])

        try Self.pick(server, cy)
        let picked = try Self.dynamicItems(server)
        #expect(picked.items.map(\.0) == ["Cy", "Ada", "Bob"] && picked.items.map(\.1) == [0, 1, 2])
        #expect(picked.etag != start.etag)

        try Self.pick(server, cy)
        #expect(try Self.dynamicItems(server).etag == picked.etag, "a pick that moves nothing changes nothing")

        #expect(try server.request("PATCH", "/contacts/\(bob.id)", json: #"{"pinned":true}"#).status == 200)
        #expect(try Self.dynamicItems(server).items.map(\.0) == ["Bob", "Cy", "Ada"])
    }

    @Test("A pick that moves a favorite beyond the visible ones keeps ?visible=true's ETag (a 304); one among them changes it")
    func aMoveBeyondTheVisibleItemsKeepsTheVisibleList() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        var people: [ContactBody] = []
        for name in ["Ada", "Bob", "Cy", "Di"] { people.append(try server.createContact(name: name, favorite: true)) }
        for _ in 0..<3 { for person in people.prefix(2) { try Self.pick(server, person) } }
        let visible = try server.request("GET", "/shortcuts?visible=true")
        let etag = try #require(visible.header("ETag"))
        let before = try Self.dynamicItems(server)
        #expect(before.items.map(\.0) == ["Bob", "Ada", "Cy", "Di"])

        // Di, picked once, passes Cy (never picked) and stays behind the two shown.
        try Self.pick(server, people[3])
        let after = try Self.dynamicItems(server)
        #expect(after.items.map(\.0) == ["Bob", "Ada", "Di", "Cy"] && after.etag != before.etag)
        let revalidated = try server.request("GET", "/shortcuts?visible=true", headers: [("If-None-Match", etag)])
        #expect(revalidated.status == 304 && revalidated.header("ETag") == etag)

        // Picked three more times, Di passes both: the visible list changes.
        for _ in 0..<3 { try Self.pick(server, people[3]) }
        #expect(try Self.dynamicItems(server).items.map(\.0) == ["Di", "Bob", "Ada", "Cy"])
        let changed = try server.request("GET", "/shortcuts?visible=true", headers: [("If-None-Match", etag)])
        #expect(changed.status == 200 && changed.header("ETag") != etag)
    }

    @Test("--dynamic-order created keeps creation order whatever is picked")
    func createdOrderIgnoresPicks() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--dynamic-order", "created"])
        defer { server.stop() }
        _ = try server.createContact(name: "Ada", favorite: true)
        let bob = try server.createContact(name: "Bob", favorite: true)
        let before = try Self.dynamicItems(server)
        try Self.pick(server, bob)
        let after = try Self.dynamicItems(server)
        #expect(after.items.map(\.0) == ["Ada", "Bob"] && after.etag == before.etag)
    }

    @Test("The order survives a restart: the usage keys are stored")
    func theOrderIsStored() throws {
        let directory = try TemporaryDirectory()
        do {
            let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
            defer { server.stop() }
            _ = try server.createContact(name: "Ada", favorite: true)
            let bob = try server.createContact(name: "Bob", favorite: true)
            try Self.pick(server, bob)
        }
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { server.stop() }
        #expect(try Self.dynamicItems(server).items.map(\.0) == ["Bob", "Ada"])
    }
}

/// In multi-account mode each account's picks order its own list only.
@Suite struct AccountRankingEndToEndTests {
    /// The favorites' titles of the list `token` selects, and its ETag.
    static func favorites(_ server: ServerProcess, _ token: String) throws -> (names: [String], etag: String?) {
        let response = try AccountsEndToEndTests.send(server, token, "GET", "/shortcuts")
        let items = try #require(try response.jsonObject()["items"] as? [[String: Any]])
        return (items.filter { $0["kind"] as? String == "dynamic" }.compactMap { $0["localizedTitle"] as? String }, response.header("ETag"))
    }

    @Test("A pick in one account reorders that account's list; the other's keeps its order and its ETag")
    func scoresArePerAccount() throws {
        let server = try AccountsEndToEndTests.server()
        defer { server.stop() }
        var ids: [String: [String]] = [:]
        let accounts = [try AccountsEndToEndTests.createAccount(server, name: "One"), try AccountsEndToEndTests.createAccount(server, name: "Two")]
        for account in accounts {
            for name in ["Ada", "Bob"] {
                let created = try AccountsEndToEndTests.send(
                    server, account.token, "POST", "/contacts", json: #"{"name":"\#(name)","favorite":true}"#)
                ids[account.id, default: []].append(try #require(try created.jsonObject()["id"] as? String))
            }
        }
        let before = try Self.favorites(server, accounts[1].token)
        let bob = try #require(ids[accounts[0].id]?.last)
        let picked = try AccountsEndToEndTests.send(
            server, accounts[0].token, "POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(bob)"}}"#)
        #expect(picked.status == 200)
        #expect(try Self.favorites(server, accounts[0].token).names == ["Bob", "Ada"])
        let after = try Self.favorites(server, accounts[1].token)
        #expect(after.names == ["Ada", "Bob"] && after.etag == before.etag)
        // A second pick of the favorite already first moves nothing: the list and its ETag stay.
        let first = try Self.favorites(server, accounts[0].token)
        _ = try AccountsEndToEndTests.send(
            server, accounts[0].token, "POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(bob)"}}"#)
        #expect(try Self.favorites(server, accounts[0].token).etag == first.etag)
    }
}

/// `/events` and the order: a pick that moves a favorite is one `shortcuts` event; one that
/// moves nothing is only its `trigger` event.
@Suite struct RankingEventsEndToEndTests {
    @Test("A pick that moves a favorite sends one shortcuts event after its trigger event; one that moves nothing sends none")
    func onlyAMoveIsAShortcutsEvent() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Ada", favorite: true)
        let bob = try server.createContact(name: "Bob", favorite: true)
        let stream = try EventStreamClient(server: server)
        #expect(try #require(try stream.next(within: EventsEndToEndTests.eventTimeout)).event == "shortcuts")

        try RankingEndToEndTests.pick(server, bob)
        let moved = try server.shortcuts().list.version
        var events: [String] = []
        var versions: [String] = []
        while events.filter({ $0 == "shortcuts" }).isEmpty || events.filter({ $0 == "trigger" }).isEmpty {
            let event = try #require(try stream.next(within: EventsEndToEndTests.eventTimeout), "events so far: \(events)")
            events.append(event.event ?? "")
            if event.event == "shortcuts" { versions.append(try event.jsonObject()["version"] as? String ?? "") }
        }
        #expect(versions == [moved])

        // Bob is first already: the pick is a trigger event only. The next shortcuts event is
        // the one of the write after it.
        try RankingEndToEndTests.pick(server, bob)
        _ = try server.createContact(name: "Cy", favorite: true)
        let written = try server.shortcuts().list.version
        var next: [(String, String?)] = []
        while !next.contains(where: { $0.0 == "shortcuts" }) {
            let event = try #require(try stream.next(within: EventsEndToEndTests.eventTimeout), "events so far: \(next)")
            next.append((event.event ?? "", event.event == "shortcuts" ? try event.jsonObject()["version"] as? String : nil))
        }
        #expect(next.map(\.0) == ["trigger", "shortcuts"] && next.last?.1 == written, "\(next)")
    }
}
