import QuickActions
import Testing

@Suite struct ValidatorLengthTests {
    @Test func nameLengthsCountCharactersAsSent() throws {
        #expect(throws: ValidationError.self) { try ContactValidator.name("   " + String(repeating: "a", count: 98)) }
        #expect(try ContactValidator.name(String(repeating: "a", count: 100)).count == 100)
        #expect(throws: ValidationError.self) { try ContactValidator.name(String(repeating: "a", count: 101)) }
        // 51 × (e + combining acute) is 51 characters, though 102 code points.
        let decomposed = String(repeating: "e\u{301}", count: 51)
        #expect(try ContactValidator.name(decomposed) == decomposed)
        #expect(try ContactValidator.name(String(repeating: "e\u{301}", count: 100)).count == 100)
        #expect(throws: ValidationError.self) { try ContactValidator.name(String(repeating: "e\u{301}", count: 101)) }
        // A family emoji (five code points) is one character.
        #expect(try ContactValidator.name(String(repeating: "👩\u{200D}👩\u{200D}👧", count: 100)).count == 100)
        // openapi.yaml's maxLength (code points) is a limit of the server's too: 1,000 passes,
        // 1,001 does not, even when that is few characters (one base and 1,000 combining marks).
        let heavy = "a" + String(repeating: "\u{301}", count: 999)
        #expect(try ContactValidator.name(heavy) == heavy)
        #expect(throws: ValidationError.self) { try ContactValidator.name(heavy + "\u{301}") }
    }
}
