import Testing

@testable import QuickActions

@Suite struct StringsFileTests {
    func parse(_ text: String) throws(StringsFileError) -> [String: String] {
        try StringsFile.parse(Array(text.utf8))
    }

    func refusal(_ text: String) throws -> StringsFileError {
        try #require(throws: StringsFileError.self) { try parse(text) }
    }

    @Test func readsEntriesAndComments() throws {
        let table = try parse(
            """
            /* A block
               comment */
            "Search" = "Rechercher"; // trailing comment
            // a line comment with "quotes" = "ignored";
            "Share"="Partager";
            """)
        #expect(table == ["Search": "Rechercher", "Share": "Partager"])
    }

    @Test func emptyOrBlankFilesAreEmptyTables() throws {
        #expect(try StringsFile.parse([]) == [:])
        #expect(try parse("  \n\t/* nothing */ // here\n") == [:])
    }

    @Test func readsEscapes() throws {
        let table = try parse(#""k" = "q\" b\\ n\n t\t r\r apos\' U\U00e9 u\u00E8 short\U41 pair\UD83D\UDE00 oct\101 x\x";"#)
        #expect(table["k"] == "q\" b\\ n\n t\t r\r apos' U\u{E9} u\u{E8} short\u{41} pair😀 octA xx")
        // Escapes that make a control character other than tab, line feed and carriage return
        // are read, and refused: no label may hold one.
        for (escape, character) in [
            (#"\a"#, "U+0007"), (#"\v"#, "U+000B"), (#"\f"#, "U+000C"), (#"\b"#, "U+0008"), (#"\0"#, "U+0000"), (#"\U1b"#, "U+001B"),
        ] {
            let error = try #require(throws: StringsFileError.self) { try parse("\"k\" = \"x\(escape)\";") }
            #expect(error.isRefusal && error.reason.contains("the control character \(character)"), "\(escape)")
        }
    }

    @Test func backslashNewlineIsANewline() throws {
        #expect(try parse("\"k\" = \"a\\\nb\";") == ["k": "a\nb"])
    }

    @Test func readsUnquotedKeysAndValuesAndSingleQuotes() throws {
        let table = try parse("Search = Rechercher;\nURL = http://example.com/a_b.c-d$e;\n'single' = 'it\\'s \"quoted\"';")
        #expect(table["Search"] == "Rechercher")
        #expect(table["URL"] == "http://example.com/a_b.c-d$e", "`/` and `:` are unquoted characters, so `//` here is not a comment")
        #expect(table["single"] == "it's \"quoted\"")
    }

    @Test func keyWithoutValueMapsToItself() throws {
        #expect(try parse("\"Search\";\nShare;") == ["Search": "Search", "Share": "Share"])
    }

    @Test func laterDuplicatesWin() throws {
        #expect(try parse("\"a\" = \"1\"; \"a\" = \"2\";") == ["a": "2"])
    }

    @Test func acceptsTheBracedDictionaryForm() throws {
        #expect(try parse("{\n  \"a\" = \"b\";\n}\n") == ["a": "b"])
        #expect(try refusal("{ \"a\" = \"b\";").reason == "expected '}' to close the dictionary")
        #expect(try refusal("{ \"a\" = \"b\"; } x").reason == "unexpected 'x' after '}'")
    }

    @Test func decodesUTF8WithAndWithoutBOMAndUTF16WithBOM() throws {
        let text = "\"Titre\" = \"Élément 😀\";\n"
        let expected = ["Titre": "Élément 😀"]
        #expect(try StringsFile.parse(Array(text.utf8)) == expected)
        #expect(try StringsFile.parse([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == expected)
        let little = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try StringsFile.parse([0xFF, 0xFE] + little) == expected)
        #expect(try StringsFile.parse([0xFE, 0xFF] + big) == expected)
    }

    @Test(arguments: [
        ("\"a\" = \"b\"\n\"c\" = \"d\";", 2, "missing ';' after the entry for key \"a\""),
        ("\n\n\"a\" = ;", 3, "expected a value for key \"a\", found ';'"),
        ("\"a\" \"b\";", 1, "expected '=' or ';' after key \"a\", found '\"'"),
        ("\"a\" = \"b\";\n@", 2, "expected a key (a quoted or unquoted string), found '@'"),
        ("\"a\" = \"b\";\n\"c\" = \"d", 2, "unterminated quoted string"),
        ("\"a\" = \"b\";\r\n\r\n/* open", 3, "unterminated /* comment"),
        ("\"a\"", 1, "missing ';' after key \"a\""),
        ("\"a\" =", 1, "missing value after '=' for key \"a\""),
        ("\"a\" = (\"b\");", 1, "the value for key \"a\" is not a string (only string values are allowed)"),
        ("\"a\" = \"\\", 1, "unterminated backslash escape"),
        ("\"a\" = \"\\Uxyz\";", 1, "\\U escape without hex digits"),
        ("\"a\" = \"\\377\";", 1, "octal escape above \\177 (NeXTSTEP Latin) is not supported"),
        ("\n\"a\" = \"\\UD83D\";", 2, "a \\U escape leaves an unpaired surrogate in the string"),
        ("\"a\" = \"b\u{0}\";", 1, "a NUL byte (UTF-16 text needs a byte-order mark)"),
        ("\"a\" = \"\u{2028}\"\u{2028};\u{2028}\u{2028}x", 1, "missing ';' after key \"x\""),
    ])
    func refusesWithTheLineNumber(text: String, line: Int, reason: String) throws {
        let error = try refusal(text)
        #expect(error.line == line)
        #expect(error.reason == reason)
        #expect(error.description == "line \(line): \(reason)")
    }

    @Test func refusesBadEncodings() throws {
        let badUTF8 = try #require(throws: StringsFileError.self) { try StringsFile.parse(Array("\"a\" = \"b\";\n\"c\" = \"".utf8) + [0xC3, 0x28]) }
        #expect(badUTF8 == StringsFileError(line: 2, reason: "invalid UTF-8"))
        let odd = try #require(throws: StringsFileError.self) { try StringsFile.parse([0xFF, 0xFE, 0x41, 0x00, 0x42]) }
        #expect(odd.reason == "UTF-16 text with an odd number of bytes")
        let lone = try #require(throws: StringsFileError.self) { try StringsFile.parse([0xFE, 0xFF, 0x00, 0x0A, 0xD8, 0x3D, 0x00, 0x41]) }
        #expect(lone == StringsFileError(line: 2, reason: "invalid UTF-16 (an unpaired surrogate)"))
        let utf16WithoutBOM = try #require(throws: StringsFileError.self) { try StringsFile.parse([0x22, 0x00, 0x61, 0x00]) }
        #expect(utf16WithoutBOM.reason == "a NUL byte (UTF-16 text needs a byte-order mark)")
    }

    /// Random bytes and random mutations of a valid file must give a table or an error, never a
    /// crash or a hang. Deterministic, so a failure reproduces.
    @Test func neverCrashesOnGarbage() throws {
        var generator = SplitMix64(seed: 0x5EED)
        let valid = Array("/* c */ \"Search\" = \"Rech\\\"erc\\U00e9her\"; // x\nShare = 'Partager'; k;\n".utf8)
        let alphabet = Array("\"'\\/*;={}()<>Uu0789aF \n\r\t".utf8) + [0x00, 0xFF, 0xFE, 0xEF, 0xBB, 0xBF, 0xC3, 0xD8]
        var parsed = 0
        for round in 0..<20_000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int(generator.next() % 64)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            } else {
                bytes = valid
                for _ in 0..<(1 + generator.next() % 4) {
                    let position = Int(generator.next() % UInt64(bytes.count + 1))
                    let byte =
                        generator.next() % 3 == 0
                        ? UInt8(truncatingIfNeeded: generator.next()) : alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    switch generator.next() % 3 {
                    case 0 where position < bytes.count: bytes[position] = byte
                    case 1 where position < bytes.count: bytes.remove(at: position)
                    default: bytes.insert(byte, at: position)
                    }
                }
            }
            if round % 5 == 0 { bytes = [0xFF, 0xFE] + bytes }
            if (try? StringsFile.parse(bytes)) != nil { parsed += 1 }
        }
        #expect(parsed > 0, "some mutations stay valid")
    }
}

/// A small deterministic PRNG for the garbage test.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
