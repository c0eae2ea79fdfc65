import TestSupport
import Testing

/// `POST /trigger`: what a device reports when a person picks a quick action.
@Suite struct TriggerEndToEndTests {
    @Test("A FavoriteAction, sent with the userInfo /shortcuts gave, names its contact")
    func favoriteAction() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let item = try #require(try server.shortcuts().list.items.first { $0.type == "FavoriteAction" })
        let contactId = try #require(item.userInfo?["contactId"])

        let response = try server.request("POST", "/trigger", json: #"{"type": "FavoriteAction", "userInfo": {"contactId": "\#(contactId)"}}"#)
        #expect(response.status == 200)
        #expect(response.mediaType == "application/json")
        let result = try response.decode(TriggerResultBody.self)
        #expect(result.message == "FavoriteAction triggered for \(item.localizedTitle)")
        #expect(result.type == "FavoriteAction")
        #expect(result.contact?.id == contactId)
        #expect(Expect.isRFC3339UTC(result.receivedAt))
    }

    @Test("A created contact's FavoriteAction uses its name")
    func createdFavorite() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let contact = try server.createContact(name: "Annie Easley", email: "annie@example.com", favorite: true)

        let response = try server.request("POST", "/trigger", json: #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)"}}"#)
        #expect(response.status == 200)
        #expect(try response.decode(TriggerResultBody.self).message == "FavoriteAction triggered for Annie Easley")
    }

    @Test("Static actions answer '<type> triggered'")
    func staticActions() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        let search = try server.request("POST", "/trigger", json: #"{"type": "SearchAction"}"#)
        #expect(search.status == 200)
        #expect(try search.decode(TriggerResultBody.self).message == "SearchAction triggered")

        let share = try server.request("POST", "/trigger", json: #"{"type": "ShareAction", "launch": "cold"}"#)
        #expect(share.status == 200)
        #expect(try share.decode(TriggerResultBody.self).message == "ShareAction triggered")
    }

    @Test("An unknown type is 422; a deleted contact's FavoriteAction is 410")
    func refused() throws {
        let server = try ServerProcess()
        defer { server.stop() }

        let unknown = try server.request("POST", "/trigger", json: #"{"type": "LaunchMissiles"}"#)
        try Expect.problem(unknown, 422)

        let contact = try server.createContact(name: "Gone Soon", favorite: true)
        #expect(try server.request("DELETE", "/contacts/\(contact.id)").status == 204)
        let stale = try server.request("POST", "/trigger", json: #"{"type": "FavoriteAction", "userInfo": {"contactId": "\#(contact.id)"}}"#)
        try Expect.problem(stale, 410)
    }
}
