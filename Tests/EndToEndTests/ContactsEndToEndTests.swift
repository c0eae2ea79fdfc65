import Foundation
import TestSupport
import Testing

/// Creating, reading, editing, favoriting and deleting contacts, as a user does with curl.
@Suite struct ContactsEndToEndTests {
    @Test("POST /contacts answers 201 with Location and the stored contact")
    func create() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let before = Date()

        let response = try server.request("POST", "/contacts", json: #"{"name": "Katherine Johnson", "email": "katherine@example.com"}"#)
        #expect(response.status == 201)
        #expect(response.mediaType == "application/json")
        let contact = try response.decode(ContactBody.self)
        #expect(Set(try response.jsonObject().keys) == ["id", "name", "email", "favorite", "pinned", "createdAt", "updatedAt"])
        #expect(!contact.id.isEmpty)
        #expect(response.header("Location") == "/contacts/\(contact.id)")
        #expect(response.header("ETag") != nil)
        #expect(contact.name == "Katherine Johnson")
        #expect(contact.email == "katherine@example.com")
        #expect(contact.favorite == false)
        #expect(Expect.isRFC3339UTC(contact.createdAt), "createdAt \(contact.createdAt)")
        #expect(Expect.isRFC3339UTC(contact.updatedAt), "updatedAt \(contact.updatedAt)")
        #expect(contact.createdAt == contact.updatedAt)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let created = formatter.date(from: contact.createdAt) {
            #expect(abs(created.timeIntervalSince(before)) < 60, "createdAt \(contact.createdAt) is not about now")
        }

        let fetched = try server.request("GET", try #require(response.header("Location")))
        #expect(fetched.status == 200)
        #expect(try fetched.decode(ContactBody.self) == contact)
        #expect(try server.listContacts().contacts == [contact])
    }

    @Test("Names and emails are trimmed; a null email is stored as null")
    func trimming() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }

        let trimmed = try server.request("POST", "/contacts", json: #"{"name": "  Dorothy Vaughan \n", "email": " dorothy@example.com "}"#)
        #expect(trimmed.status == 201)
        let contact = try trimmed.decode(ContactBody.self)
        #expect(contact.name == "Dorothy Vaughan")
        #expect(contact.email == "dorothy@example.com")

        let longest = String(repeating: "é", count: 100)
        let noEmail = try server.request("POST", "/contacts", json: #"{"name": "\#(longest)", "email": null, "favorite": true}"#)
        #expect(noEmail.status == 201, "a 100-character name is allowed")
        let other = try noEmail.decode(ContactBody.self)
        #expect(other.name == longest)
        #expect(other.email == nil)
        #expect(other.favorite)
    }

    @Test("Favorite: 200 and idempotent; the item joins /shortcuts and the ETag changes once; unfavorite removes it")
    func favorite() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try server.createContact(name: "Mary Jackson", email: "mary@example.com")
        let (initial, initialTag) = try server.shortcuts()
        #expect(!initial.items.contains { $0.userInfo?["contactId"] == contact.id })

        let first = try server.request("POST", "/contacts/\(contact.id)/favorite")
        #expect(first.status == 200)
        let favored = try first.decode(ContactBody.self)
        #expect(favored.favorite)
        #expect(favored.id == contact.id && favored.name == contact.name && favored.createdAt == contact.createdAt)
        let (afterFirst, firstTag) = try server.shortcuts()
        #expect(firstTag != initialTag)
        #expect(afterFirst.items.last == Expect.favoriteItem(favored, visible: false))

        let second = try server.request("POST", "/contacts/\(contact.id)/favorite")
        #expect(second.status == 200)
        #expect(try second.decode(ContactBody.self) == favored, "favoriting twice changes nothing")
        let (afterSecond, secondTag) = try server.shortcuts()
        #expect(secondTag == firstTag)
        #expect(afterSecond == afterFirst)

        let cleared = try server.request("DELETE", "/contacts/\(contact.id)/favorite")
        #expect(cleared.status == 200)
        #expect(try cleared.decode(ContactBody.self).favorite == false)
        #expect(try server.request("DELETE", "/contacts/\(contact.id)/favorite").status == 200, "unfavoriting twice is fine")
        let (afterClear, clearTag) = try server.shortcuts()
        #expect(afterClear.items == initial.items)
        #expect(clearTag == initialTag, "the same list has the same ETag")
        #expect(try server.request("GET", "/contacts/\(contact.id)").decode(ContactBody.self).favorite == false)

        try Expect.problem(try server.request("POST", "/contacts/doesnotexist/favorite"), 404)
        try Expect.problem(try server.request("DELETE", "/contacts/doesnotexist/favorite"), 404)
    }

    @Test("PATCH changes name and email; a favorite's shortcut follows")
    func update() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let contact = try server.createContact(name: "Grace Brewster", email: "grace@example.com", favorite: true)

        let renamed = try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"name": "Grace Hopper"}"#)
        #expect(renamed.status == 200)
        let afterName = try renamed.decode(ContactBody.self)
        #expect(afterName.name == "Grace Hopper")
        #expect(afterName.email == "grace@example.com")
        #expect(afterName.createdAt == contact.createdAt)
        #expect(Expect.isRFC3339UTC(afterName.updatedAt))
        #expect(afterName.updatedAt >= contact.updatedAt)

        let remailed = try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"email": "hopper@navy.example"}"#)
        #expect(remailed.status == 200)
        let afterEmail = try remailed.decode(ContactBody.self)
        #expect(afterEmail.name == "Grace Hopper")
        #expect(afterEmail.email == "hopper@navy.example")

        #expect(try server.request("GET", "/contacts/\(contact.id)").decode(ContactBody.self) == afterEmail)
        #expect(try server.shortcuts().list.items == Expect.staticItems + [Expect.favoriteItem(afterEmail)])

        let both = try server.request("PATCH", "/contacts/\(contact.id)", json: #"{"name": "Amazing Grace", "email": null}"#)
        #expect(both.status == 200)
        let afterBoth = try both.decode(ContactBody.self)
        #expect(afterBoth.name == "Amazing Grace" && afterBoth.email == nil)

        try Expect.problem(try server.request("PATCH", "/contacts/doesnotexist", json: #"{"name": "Nobody"}"#), 404)
    }

    @Test("DELETE answers 204, then the contact is 404 and gone from /shortcuts")
    func delete() throws {
        let server = try ServerProcess()
        defer { server.stop() }
        let contact = try server.createContact(name: "Short Lived", favorite: true)
        let others = try server.listContacts().total

        let deleted = try server.request("DELETE", "/contacts/\(contact.id)")
        #expect(deleted.status == 204)
        #expect(deleted.body.isEmpty)

        try Expect.problem(try server.request("GET", "/contacts/\(contact.id)"), 404)
        try Expect.problem(try server.request("DELETE", "/contacts/\(contact.id)"), 404)
        try Expect.problem(try server.request("GET", "/contacts/\(contact.id)/vcard"), 404)
        #expect(try server.listContacts().total == others - 1)
        #expect(!(try server.shortcuts().list.items.contains { $0.userInfo?["contactId"] == contact.id }))
    }

    @Test("GET /contacts/{id}/vcard is a vCard 3.0 with FN, N and EMAIL")
    func vCard() throws {
        let server = try ServerProcess(arguments: ["--no-seed"])
        defer { server.stop() }
        let contact = try server.createContact(name: "Mary Winston Jackson", email: "mary@example.com")

        let response = try server.request("GET", "/contacts/\(contact.id)/vcard")
        #expect(response.status == 200)
        #expect(response.mediaType == "text/vcard")
        let lines = response.text.components(separatedBy: "\r\n")
        #expect(lines.first == "BEGIN:VCARD")
        #expect(lines.contains("VERSION:3.0"))
        #expect(lines.contains("FN:Mary Winston Jackson"))
        #expect(lines.contains("N:Jackson;Mary Winston;;;"))
        #expect(lines.contains { $0.hasPrefix("EMAIL") && $0.hasSuffix(":mary@example.com") })
        #expect(lines.contains("END:VCARD"))
        #expect(response.text.hasSuffix("END:VCARD\r\n"))

        let unknown = try server.request("GET", "/contacts/doesnotexist/vcard")
        try Expect.problem(unknown, 404)
    }
}
