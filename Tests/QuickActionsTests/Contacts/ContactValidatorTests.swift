import Testing

@testable import QuickActions

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

/// The ASCII fast path of the email check agrees with the general one on every ASCII string.
@Suite struct EmailShapeTests {
    @Test func theFastPathAgreesWithTheGeneralCheck() {
        var samples = [
            "a@b.co", "ada@example.com", "a.b@c.d.ef", "@b.co", "a@", "a@b", "a@b.c", "a@.b.co", "a@b.co.", "a@b..co", "a@@b.co",
            "a@b@c.co", "a b@c.co", "a@b.co\t", "a\u{7F}@b.co", "a\u{1}@b.co", "", "@", ".", "a@b.c.", "a@b.cd.e", "a@b.c\r\n",
            "x@y.zz", "first.last+tag@sub.example.org", "a@b.-co", "a@.", "a@..", "a.@b.co", ".a@b.co",
        ]
        // Random ASCII strings over the characters that matter (a failure prints the string).
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab.@ \t\u{7F}\u{1}cd")
        for _ in 0..<20_000 {
            samples.append(String((0..<Int.random(in: 0...9, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
        }
        for sample in samples {
            #expect(ContactValidator.asciiEmailShape(sample) == ContactValidator.emailShape(sample), "\(sample.debugDescription)")
        }
        #expect(ContactValidator.asciiEmailShape("zoë@example.com") == nil, "not ASCII: the general check decides")
    }
}
