import TestSupport
import Testing

/// A device's quick actions lag behind the server: what `POST /trigger` answers for an item
/// that went stale, and for requests no item could have produced.
@Suite struct StaleShortcutEndToEndTests {
    static func trigger(_ server: ServerProcess, _ body: String) throws -> RawHTTPResponse {
        try server.request("POST", "/trigger", json: body)
    }

    @Test("A FavoriteAction for a contact that is no longer a favorite still opens it (200)")
    func noLongerFavorite() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let contact = try server.createContact(name: "Once Favored", email: "once@example.com", favorite: true)
        let item = try #require(try server.shortcuts().list.items.first { $0.type == "FavoriteAction" })
        #expect(try server.request("DELETE", "/contacts/\(contact.id)/favorite").status == 200)
        #expect(try server.shortcuts().list.items == Expect.staticItems, "the item should have left the list")

        // The device still shows the old item and sends its userInfo as it was.
        let userInfo = try #require(item.userInfo)
        let response = try Self.trigger(
            server, #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(userInfo["contactId"] ?? "")","Name":"\#(userInfo["Name"] ?? "")"}}"#)
        #expect(response.status == 200, "\(response.status) \(response.text)")
        let result = try response.decode(TriggerResultBody.self)
        #expect(result.contact?.id == contact.id)
        #expect(result.contact?.favorite == false)
        #expect(result.message == "FavoriteAction triggered for Once Favored")
    }

    @Test("A deleted or unknown contact is 410 Gone, pointing the device at /shortcuts")
    func goneContact() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let contact = try server.createContact(name: "Soon Deleted", favorite: true)
        #expect(try server.request("DELETE", "/contacts/\(contact.id)").status == 204)

        let cases = [
            ("deleted contactId", #"{"type":"FavoriteAction","userInfo":{"contactId":"\#(contact.id)","Name":"Soon Deleted"}}"#),
            ("unknown contactId", #"{"type":"FavoriteAction","userInfo":{"contactId":"no-such-contact-id"}}"#),
            ("deleted contact by Name only", #"{"type":"FavoriteAction","userInfo":{"Name":"Soon Deleted"}}"#),
        ]
        for (label, body) in cases {
            let response = try Self.trigger(server, body)
            let problem = try Expect.problem(response, 410)
            let object = try response.jsonObject()
            #expect(response.text.contains("/shortcuts"), "\(label): the 410 does not mention /shortcuts: \(response.text)")
            #expect(object["refresh"] as? String == "/shortcuts", "\(label): \(response.text)")
            #expect(problem.title == "Gone", "\(label)")
        }
        #expect(try server.request("GET", "/triggers").decode(TriggerListBody.self).triggers.isEmpty, "a 410 must not be recorded")
    }

    @Test("A Name two contacts share is 409; a unique Name finds its contact")
    func ambiguousName() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        _ = try server.createContact(name: "Sam Twin", email: "sam1@example.com", favorite: true)
        _ = try server.createContact(name: "Sam Twin", email: "sam2@example.com")
        let unique = try server.createContact(name: "Only One", favorite: true)

        let ambiguous = try Self.trigger(server, #"{"type":"FavoriteAction","userInfo":{"Name":"Sam Twin"}}"#)
        let problem = try Expect.problem(ambiguous, 409)
        #expect(problem.detail.contains("contactId"), "\(problem.detail)")

        let found = try Self.trigger(server, #"{"type":"FavoriteAction","userInfo":{"Name":"Only One"}}"#)
        #expect(found.status == 200, "\(found.status) \(found.text)")
        #expect(try found.decode(TriggerResultBody.self).contact?.id == unique.id)
    }

    @Test("Requests no quick action could produce: 422 for meaning, 400 for shape; none is recorded")
    func malformedTriggers() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let longDevice = String(repeating: "d", count: 65)
        let cases: [(label: String, body: String, status: Int)] = [
            ("FavoriteAction with empty userInfo", #"{"type":"FavoriteAction","userInfo":{}}"#, 422),
            ("FavoriteAction without userInfo", #"{"type":"FavoriteAction","launch":"cold"}"#, 422),
            ("FavoriteAction with an unrelated key", #"{"type":"FavoriteAction","userInfo":{"color":"blue"}}"#, 422),
            ("unknown type", #"{"type":"LaunchMissiles"}"#, 422),
            ("unknown field", #"{"type":"SearchAction","colour":"blue"}"#, 400),
            ("deviceId of 65 characters", #"{"type":"SearchAction","deviceId":"\#(longDevice)"}"#, 400),
            ("empty deviceId", #"{"type":"SearchAction","deviceId":""}"#, 400),
            ("launch neither cold nor warm", #"{"type":"SearchAction","launch":"lukewarm"}"#, 400),
            ("missing type", #"{"launch":"cold"}"#, 400),
        ]
        for (label, body, status) in cases {
            let response = try Self.trigger(server, body)
            #expect(response.status == status, "\(label): \(response.status) \(response.text)")
            #expect(response.mediaType == "application/problem+json", "\(label)")
        }
        #expect(try server.request("GET", "/triggers").decode(TriggerListBody.self).triggers.isEmpty, "a refused trigger was recorded")

        // The boundary: 64 characters is a valid deviceId.
        let atLimit = try Self.trigger(server, #"{"type":"SearchAction","deviceId":"\#(String(repeating: "d", count: 64))"}"#)
        #expect(atLimit.status == 200, "\(atLimit.status) \(atLimit.text)")
    }
}
