import Glibc
import TestSupport
import Testing

/// What survives a restart: a clean stop and a crash.
@Suite struct PersistenceEndToEndTests {
    @Test("Contacts and favorites survive SIGTERM (exit 0) and a restart on the same database")
    func gracefulRestart() throws {
        let directory = try TemporaryDirectory()
        let first = try ServerProcess(directory: directory)
        defer { first.stop() }
        let contact = try first.createContact(name: "Persistent Pat", email: "pat@example.com")
        #expect(try first.request("POST", "/contacts/\(contact.id)/favorite").status == 200)
        let contactsBefore = try first.request("GET", "/contacts").body
        let shortcutsBefore = try first.shortcuts()
        #expect(first.stop() == .exited(0))

        let second = try ServerProcess(directory: directory)
        defer { second.stop() }
        let fetched = try second.request("GET", "/contacts/\(contact.id)")
        try #require(fetched.status == 200, "the contact was lost across a clean restart: \(fetched.status) \(fetched.text)")
        let restored = try fetched.decode(ContactBody.self)
        #expect(restored.name == "Persistent Pat")
        #expect(restored.email == "pat@example.com")
        #expect(restored.favorite)
        #expect(try second.request("GET", "/contacts").body == contactsBefore, "the contacts differ after a restart")
        let shortcutsAfter = try second.shortcuts()
        #expect(shortcutsAfter.list == shortcutsBefore.list)
        #expect(shortcutsAfter.etag == shortcutsBefore.etag, "the same list should keep its ETag across restarts")
        #expect(shortcutsAfter.list.items.contains(Expect.favoriteItem(restored, visible: false)))
        #expect(second.stop() == .exited(0))
    }

    @Test("A contact answered with 201 survives kill -9 straight after")
    func crashAfterCreate() throws {
        let directory = try TemporaryDirectory()
        let first = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { first.stop() }
        let contact = try first.createContact(name: "Durable Dana", email: "dana@example.com", favorite: true)
        #expect(first.kill() == .signalled(SIGKILL))

        let second = try ServerProcess(directory: directory, arguments: ["--no-seed"])
        defer { second.stop() }
        let fetched = try second.request("GET", "/contacts/\(contact.id)")
        try #require(fetched.status == 200, "the acknowledged contact was lost: \(fetched.status) \(fetched.text)")
        #expect(try fetched.decode(ContactBody.self) == contact)
        #expect(try second.shortcuts().list.items == Expect.staticItems + [Expect.favoriteItem(contact)])
    }

    @Test("A deletion answered with 204 stays deleted after kill -9")
    func crashAfterDelete() throws {
        let directory = try TemporaryDirectory()
        let first = try ServerProcess(directory: directory)
        defer { first.stop() }
        let contact = try #require(try first.listContacts().contacts.first)
        #expect(try first.request("DELETE", "/contacts/\(contact.id)").status == 204)
        let contactsBefore = try first.request("GET", "/contacts").body
        first.kill()

        let second = try ServerProcess(directory: directory)
        defer { second.stop() }
        try Expect.problem(try second.request("GET", "/contacts/\(contact.id)"), 404)
        #expect(try second.request("GET", "/contacts").body == contactsBefore)
    }
}
