import Foundation
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
