import Testing

@testable import QuickActions

@Suite struct AndroidTextTests {
    /// The value of `<string>CONTENT</string>` (the content is XML).
    func value(_ content: String) throws -> AndroidText.StringValue {
        let element = try XMLReader.parse(Array("<string xmlns:xliff=\"\(AndroidText.xliffNamespace)\">\(content)</string>".utf8))
        return try AndroidText.stringValue(of: element)
    }

    func text(_ content: String) throws -> String? {
        guard case .text(let text) = try value(content) else { return nil }
        return text
    }

    /// What `aapt dump --values resources` printed for these (platform-facts §2.2 and §2.3, and
    /// the synthetic file compiled on this machine).
    @Test(arguments: [
        (#"Can\'t access camera"#, "Can't access camera"),
        ("Low (~7&#37; correction)", "Low (~7% correction)"),
        ("…primary user.\n        \\nBootstrap", "…primary user. \nBootstrap"),
        (#"\"Display over other apps\""#, "\"Display over other apps\""),
        ("Perfil\t", "Perfil"),
        ("Esse é um round padrão!\\n Deseja", "Esse é um round padrão!\n Deseja"),
        (#"Create new folder with name "%1$s"?"#, "Create new folder with name %1$s?"),
        (#"<![CDATA[Logged in as <i>%1$s</i> \']]>"#, "Logged in as <i>%1$s</i> '"),
        (#"\u0020episodes"#, " episodes"),
        ("Built-in Android player (deprecated) ", "Built-in Android player (deprecated)"),
        (#"it\'s \"q\" back\\slash\nnew\ttab \@at \?q 100% &lt;b&gt; &amp;"#, "it's \"q\" back\\slash\nnew\ttab @at ?q 100% <b> &"),
        (#""  lead and trail  ""#, "  lead and trail  "),
        (#"\u0020lead\u0020\u0020two"#, " lead  two"),
        (#"caf\u00e9 😀 \u2026"#, "café 😀 …"),
        ("  a   b\n     c  ", "a b c"),
        (#"\@string/s1"#, "@string/s1"),
        ("<b>bold</b> and <i>it</i>", "bold and it"),
        (#"Hello <xliff:g id="n">%1$s</xliff:g>!"#, "Hello %1$s!"),
        (#"\ud83d\ude00"#, "😀"),
        (#"a\zb"#, "ab"),
    ])
    func readsAsAaptDoes(content: String, expected: String) throws {
        #expect(try text(content) == expected)
    }

    @Test func aReferenceIsAReference() throws {
        #expect(try value("@string/other") == .reference(AndroidResourceReference(type: "string", name: "other")))
        #expect(try value("  @android:string/ok ") == .reference(try #require(AndroidResourceReference("@android:string/ok"))))
        #expect(throws: AndroidText.Failure.self) { try value("@not a reference") }
    }

    @Test func anUnpairedSurrogateIsRefused() {
        #expect(throws: AndroidText.Failure(reason: "contains an unpaired UTF-16 surrogate (a \\uD800-\\uDFFF escape without its partner)")) {
            try value(#"bad \ud800 here"#)
        }
        #expect(throws: AndroidText.Failure.self) { try value(#"\ude00"#) }
        #expect(throws: AndroidText.Failure.self) { try value(#"\u12G4"#) }
    }

    /// Whatever the text, what is written reads back the same.
    @Test(arguments: [
        "Search", "it's", "say \"hi\"", "back\\slash", "two  spaces", " leading", "trailing ", "   ", "", "@home", "?what", "#hash", "a\nb\tc",
        "100% & <more>", "\r\u{0B}\u{0C}", "\u{01}\u{1F}\u{7F}", "\u{FFFE}\u{FFFF}", "😀 emoji", "]]>", "\"quoted  run\"", "'", "\\u0041", "@",
        "a \n b",
        "\u{2028}\u{00A0}x\u{00A0}",
    ])
    func writtenTextReadsBack(text: String) throws {
        let written = try AndroidText.stringContent(text)
        #expect(try self.text(written.content) == text, "written as \(written.content)")
        #expect(written.hasPercent == text.contains("%"))
        for typed in [false, true] {
            let attribute = try AndroidText.attributeValue(text, typed: typed)
            let element = try XMLReader.parse(Array("<a v=\"\(attribute)\"/>".utf8))
            let read = try #require(element.attribute("v")?.value)
            if typed {
                #expect(try AndroidExtraValue.parse(attribute: read) == .string(text), "written as \(attribute)")
            } else {
                #expect(try AndroidText.attributeText(read) == text, "written as \(attribute)")
            }
        }
    }

    @Test func nulIsRefused() {
        #expect(throws: AndroidText.Failure.self) { try AndroidText.stringContent("a\u{0}b") }
        #expect(throws: AndroidText.Failure.self) { try AndroidText.attributeValue("a\u{0}b") }
    }

    /// How `aapt` typed each `android:value` on this machine (`aapt dump xmltree`).
    @Test(arguments: [
        ("42", AndroidExtraValue.int(42)), ("-7", .int(-7)), (" 42", .int(42)), ("007", .int(7)), ("2147483647", .int(.max)),
        ("-2147483648", .int(.min)), ("0x7fffffff", .int(.max)), ("0xFFFFFFFF", .int(-1)), ("2147483648", .float(2_147_483_648)),
        ("4294967296", .float(4_294_967_296)), ("42 ", .float(42)), ("+5", .float(5)), ("1.5", .float(1.5)), (".5", .float(0.5)),
        ("5.", .float(5)), ("1e5", .float(100_000)), ("-.5", .float(-0.5)), ("2.0", .float(2)), ("0X10", .float(16)), ("true", .boolean(true)),
        ("TRUE", .boolean(true)), ("False", .boolean(false)), ("#fff", .int(-1)), ("#1234", .int(0x1122_3344)),
        ("#12345678", .int(0x1234_5678)), ("abc", .string("abc")), ("1.5f", .string("1.5f")), ("nan", .string("nan")),
        ("inf", .string("inf")), ("1,5", .string("1,5")), ("0x", .string("0x")), ("-", .string("-")), ("1e", .string("1e")),
        ("  ", .string("  ")), (" true", .string(" true")), (#"\u0034\u0032"#, .string("42")), (#"\u0074rue"#, .string("true")),
        (##"\#123"##, .string("#123")), (#"\@home"#, .string("@home")), (#"a\ b"#, .string("ab")), (#"x\"#, .string("x")),
        ("1 2", .string("1 2")),
    ])
    func extrasAreTypedAsAaptTypesThem(raw: String, expected: AndroidExtraValue) throws {
        #expect(try AndroidExtraValue.parse(attribute: raw) == expected)
    }

    @Test func badExtraValuesAreRefused() {
        #expect(throws: AndroidText.Failure.self) { try AndroidExtraValue.parse(attribute: "#12") }
        #expect(throws: AndroidText.Failure.self) { try AndroidExtraValue.parse(attribute: "@string/x") }
    }

    @Test func whiteSpaceOfATextNodeShrinksAsAaptShrinksIt() {
        #expect(AndroidText.compacted("\n    text\n  ") == Array(" text\n".utf16))
        #expect(AndroidText.compacted("   ") == [0x20])
        #expect(AndroidText.compacted("a") == Array("a".utf16))
        #expect(AndroidText.compacted("\t\nab c\n\t") == Array("\nab c\n".utf16))
    }
}
