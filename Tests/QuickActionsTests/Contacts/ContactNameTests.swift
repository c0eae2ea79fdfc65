import QuickActions
import Testing

@Suite struct ContactNameTests {
    @Test func keyTrimsAndComposes() {
        #expect(ContactName.key("Anders A\u{30A}ngstro\u{308}m") == "Anders Ångström")
        #expect(ContactName.key("  Anders Ångström \t") == "Anders Ångström")
        #expect(ContactName.key("Rene\u{301}e X")?.unicodeScalars.count == "Renée X".unicodeScalars.count)
        #expect(ContactName.key("   ") == nil)
        #expect(ContactName.key("a\u{0}b") == nil)
    }

    @Test func namesMatchUnderCanonicalEquivalenceOnly() throws {
        let key = try #require(ContactName.key("Renée X"))
        #expect(ContactName.matches("Rene\u{301}e X", key: key))
        #expect(ContactName.matches("Renée X", key: key))
        #expect(!ContactName.matches("Renee X", key: key))
        #expect(!ContactName.matches("renée x", key: key))
    }

    @Test func lengthCountsCharacters() {
        #expect(ContactName.length(String(repeating: "e\u{301}", count: 51)) == 51)
        #expect(ContactName.length("🇸🇪") == 1)
    }
}
