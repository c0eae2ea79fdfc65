import Testing

@testable import QuickActions

@Suite struct SearchFoldingTests {
    /// The ASCII shortcut must fold exactly as Foundation does, character by character and in text.
    @Test func asciiFoldingAgreesWithFoundationForEveryASCIICharacter() {
        let all = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        for character in all {
            #expect(SearchFolding.asciiFold(character) == SearchFolding.foundationFold(character), "\(character.debugDescription)")
        }
        let text = all.joined()
        #expect(SearchFolding.fold(text) == SearchFolding.foundationFold(text))
        #expect(SearchFolding.fold("Ada.LOVELACE+1@Example.COM") == "ada.lovelace+1@example.com")
    }

    @Test func nonASCIITextStillFoldsCaseDiacriticsAndWidth() {
        #expect(SearchFolding.fold("Anders ÅNGSTRÖM") == "anders angstrom")
        #expect(SearchFolding.fold("ＡＤＡ") == "ada")
        #expect(SearchFolding.key(name: "Zoë", email: "ZOE@Example.com") == "zoe\u{1F}zoe@example.com")
    }
}
