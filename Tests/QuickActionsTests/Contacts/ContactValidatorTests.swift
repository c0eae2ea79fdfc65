import QuickActions
import Testing

@Suite struct ContactValidatorTests {
    @Test func trimsNames() throws {
        #expect(try ContactValidator.name("  Ada \n") == "Ada")
    }

    @Test(arguments: ["", "   ", "a\u{0}b", "tab\there", String(repeating: "x", count: 101)])
    func refusesBadNames(name: String) {
        #expect(throws: ValidationError.self) { try ContactValidator.name(name) }
    }

    @Test(arguments: ["a@b.co", "first.last+tag@mail.example.org", "ÅSA@exempel.se"])
    func acceptsEmails(email: String) throws {
        #expect(try ContactValidator.email(email) == email)
    }

    @Test(arguments: ["", "a", "a@", "@b.co", "a@b", "a@b.", "a@.co", "a b@c.de", "a@b..co", "a@@b.co", "a@b.c"])
    func refusesMalformedEmails(email: String) {
        #expect(throws: ValidationError.self) { try ContactValidator.email(email) }
    }

    @Test func refusesLongEmails() {
        let email = String(repeating: "x", count: 250) + "@b.co"
        #expect(throws: ValidationError.self) { try ContactValidator.email(email) }
    }

    @Test func searchFoldingIgnoresCaseAndDiacritics() {
        #expect(SearchFolding.fold("Ångström") == "angstrom")
        #expect(SearchFolding.key(name: "Zoë", email: "ZOE@X.IO").contains("zoe@x.io"))
        let query = ContactQuery(text: "ANGSTROM")
        let contact = Contact(
            id: "1", name: "Anders Ångström", email: nil, favorite: false, createdAt: .now(), updatedAt: .now(), sequence: 1)
        #expect(query.matches(contact))
    }
}
