import Foundation
import Testing

@testable import QuickActions

@Suite struct XMLReaderTests {
    func parse(_ text: String) throws(XMLReadError) -> XMLElement {
        try XMLReader.parse(Array(text.utf8))
    }

    func error(_ text: String) -> XMLReadError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    func error(_ bytes: [UInt8]) -> XMLReadError? {
        do {
            _ = try XMLReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func elementsAttributesTextAndNamespaces() throws {
        let root = try parse(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- a comment before the root -->
            <shortcuts xmlns:android="http://schemas.android.com/apk/res/android" xmlns:tools="t">
              <shortcut android:shortcutId="a&amp;b" tools:ignore="x" plain='single'>
                <?pi data?>
                text <![CDATA[<b>kept</b>]]> &#x41;&#66;
              </shortcut>
              <empty/>
            </shortcuts>
            """)
        #expect(root.name.localName == "shortcuts" && root.name.namespaceURI == nil && root.line == 3)
        let shortcut = try #require(root.elements.first)
        #expect(shortcut.line == 4)
        #expect(shortcut.attribute("shortcutId", namespace: AndroidText.androidNamespace)?.value == "a&b")
        #expect(shortcut.attribute("ignore", namespace: "t")?.value == "x")
        #expect(shortcut.attribute("plain")?.value == "single")
        // Text, CDATA and references around a processing instruction form one text node.
        #expect(shortcut.children == [.text("\n    \n    text <b>kept</b> AB\n  ")])
        #expect(root.elements.map(\.name.localName) == ["shortcut", "empty"])
    }

    @Test func attributeValuesAreNormalizedAndLineEndsTooInText() throws {
        let root = try parse("<a x=\"one\ttwo\r\nthree&#10;four\">l1\r\nl2\rl3</a>")
        #expect(root.attribute("x")?.value == "one two three\nfour")
        #expect(root.children == [.text("l1\nl2\nl3")])
    }

    @Test func internalEntitiesExpandAsTermuxUsesThem() throws {
        let root = try parse(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [
                <!ENTITY APP "Termux">
                <!ENTITY USER "&APP; user">
                <!ENTITY PCT "100&#37;">
                <!ELEMENT resources ANY>
                <!ATTLIST string name CDATA #IMPLIED>
                <!-- a comment in the subset -->
            ]>
            <resources><string name="&APP;">&USER; &PCT;</string></resources>
            """)
        let string = try #require(root.elements.first)
        #expect(string.attribute("name")?.value == "Termux")
        #expect(string.children == [.text("Termux user 100%")])
    }

    @Test func errorsNameTheLine() {
        #expect(error("<a>\n<b>\n</a>")?.line == 3)
        #expect(error("<a>\n<b>\n</a>")?.reason.contains("closes <b> (opened on line 2) with </a>") == true)
        #expect(error("<a>\n\n<b x='1' x='2'/></a>")?.line == 3)
        #expect(error("<a>\n&undefined;</a>")?.reason == "refers to the undeclared entity &undefined;")
        #expect(error("<a>\n&undefined;</a>")?.line == 2)
        #expect(error("<p:a/>")?.reason.contains("undeclared namespace prefix") == true)
        #expect(error("<a></a><b/>")?.reason == "has content after the root element")
        #expect(error("<!-- only a comment -->")?.reason == "has no root element")
        #expect(error("<a>")?.reason.contains("ends inside <a>") == true)
        #expect(error("<a x=1/>")?.reason == "expected a quoted attribute value")
        #expect(error("<a><!-- a -- b --></a>")?.reason == "has \"--\" inside a comment")
        #expect(error("<a>]]></a>")?.reason == "has \"]]>\" in character data")
        #expect(error("<a>\u{01}</a>")?.reason.contains("control character U+0001") == true)
        #expect(error("<?xml version='1.0' encoding='ISO-8859-1'?><a/>")?.reason.contains("only UTF-8") == true)
    }

    @Test func billionLaughsStopsAtTheExpansionLimit() {
        var doctype = "<!DOCTYPE r [\n<!ENTITY l0 \"lol\">\n"
        for level in 1...10 { doctype += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">\n" }
        let document = doctype + "]>\n<r>&l10;</r>"
        let failure = error(document)
        #expect(failure?.reason == "resolves more than 65536 entity references")
        #expect(failure?.line == 14)
        // Fewer, larger references meet the byte limit.
        let large =
            "<!DOCTYPE r [<!ENTITY l0 \"\(String(repeating: "lol", count: 1000))\">"
            + "<!ENTITY l1 \"\(String(repeating: "&l0;", count: 100))\"><!ENTITY l2 \"\(String(repeating: "&l1;", count: 100))\">]><r>&l2;</r>"
        #expect(error(large)?.reason == "expands entities to more than 1048576 bytes")
        // Many references to one large entity (quadratic blow-up) hit the same limit.
        let big = String(repeating: "x", count: 100_000)
        #expect(
            error("<!DOCTYPE r [<!ENTITY b \"\(big)\">]><r>" + String(repeating: "&b;", count: 20) + "</r>")?.reason.contains("expands entities")
                == true)
        // Also in attribute values.
        #expect(error(doctype + "]>\n<r a=\"&l10;\"/>")?.reason.contains("entity references") == true)
    }

    /// Ten references to an empty entity, nested 15 deep, produce no byte in 10^15 steps: each
    /// reference resolved counts, so the 970-byte file kept with the fuzz inputs stops at the
    /// 65,536th reference.
    @Test func emptyEntitiesStopAtTheReferenceLimitPromptly() throws {
        let path = FuzzInputs.root.appendingPathComponent("regressions/AndroidXML/empty-entity-expansion.xml").path
        let bytes = try #require(FileManager.default.contents(atPath: path).map { Array($0) })
        #expect(bytes.count == 970)
        let started = ContinuousClock.now
        let failure = error(bytes)
        let elapsed = ContinuousClock.now - started
        #expect(failure == XMLReadError(line: 21, reason: "resolves more than 65536 entity references"))
        // The time is printed, not asserted: the reference count above is what bounds it.
        print("970-byte empty-entity file refused after \(elapsed)")
        var problems: [AndroidSourceProblem] = []
        #expect(throws: AndroidSourceError.self) { try AndroidStringResources.parse(bytes, file: "strings.xml", problems: &problems) }
        // The same nesting with one reference at the top is within every limit.
        let fine = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Apps&p;", with: "Apps&c;")
        #expect(error(fine) == nil)
    }

    @Test func anEmptyDocumentIsSaidToBeEmpty() {
        #expect(error("") == XMLReadError(line: 1, reason: "is empty"))
        #expect(error([0xEF, 0xBB, 0xBF]) == XMLReadError(line: 1, reason: "is empty"))
        #expect(error(" \n\t\n") == XMLReadError(line: 1, reason: "is empty (only white space)"))
    }

    @Test func recursiveAndExternalEntitiesAreRefused() {
        #expect(error("<!DOCTYPE r [<!ENTITY a \"&b;\"><!ENTITY b \"&a;\">]><r>&a;</r>")?.reason.contains("refer to itself (a → b → a)") == true)
        #expect(
            error("<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r>&x;</r>")?.reason.contains("external entity x, which is refused")
                == true)
        #expect(error("<!DOCTYPE r [<!ENTITY x PUBLIC \"-//x\" \"http://x/\">]><r/>")?.reason.contains("external entity") == true)
        #expect(error("<!DOCTYPE r [<!ENTITY % p \"x\">]><r/>")?.reason.contains("parameter entity") == true)
        #expect(error("<!DOCTYPE r [<!ENTITY x \"<b/>\">]><r>&x;</r>")?.reason.contains("hold markup") == true)
        var chain = "<!DOCTYPE r ["
        for level in 0..<20 { chain += "<!ENTITY e\(level) \"\(level == 19 ? "end" : "&e\(level + 1);")\">" }
        #expect(error(chain + "]><r>&e0;</r>")?.reason == "nests entity references deeper than 16")
    }

    @Test func anExternalDTDIsNeverRead() throws {
        let root = try parse("<!DOCTYPE r SYSTEM \"http://example.invalid/x.dtd\"><r>ok</r>")
        #expect(root.children == [.text("ok")])
    }

    @Test func deepNestingIsRefusedWithoutExhaustingTheStack() {
        let deep = String(repeating: "<a>", count: 100_000) + String(repeating: "</a>", count: 100_000)
        #expect(error(deep)?.reason == "nests elements deeper than 256")
        let fine = String(repeating: "<a>", count: 256) + String(repeating: "</a>", count: 256)
        #expect(error(fine) == nil)
    }

    @Test func hugeAttributesAndManyAttributesAreRead() throws {
        let value = String(repeating: "v", count: 4 << 20)
        let root = try parse("<a x=\"\(value)\"/>")
        #expect(root.attribute("x")?.value.utf8.count == 4 << 20)
        let many = (0...1024).map { " a\($0)=\"\"" }.joined()
        #expect(error("<a\(many)/>")?.reason.contains("more than 1024 attributes") == true)
    }

    @Test func invalidUTF8AndSurrogatesAreRefused() {
        #expect(error([0x3C, 0x61, 0x3E, 0x0A, 0xC3, 0x28, 0x3C, 0x2F, 0x61, 0x3E])?.line == 2)
        #expect(error(Array("<a>\n".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8))?.reason.contains("not valid UTF-8") == true)
        #expect(error([0xFF, 0xFE, 0x3C, 0x00])?.reason == "is UTF-16; only UTF-8 is read")
        #expect(error("<a>&#xD800;</a>")?.reason == "has a character reference to U+D800, a lone surrogate")
        #expect(error("<a>&#xDFFF;</a>")?.reason.contains("lone surrogate") == true)
        #expect(error("<a>&#0;</a>")?.reason.contains("which XML does not allow") == true)
        #expect(error("<a>&#x110000;</a>")?.reason.contains("beyond U+10FFFF") == true)
        #expect(error("<a>&#xFFFE;</a>") != nil)
        #expect(error("<a>\u{FFFF}</a>")?.reason.contains("U+FFFF") == true)
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let root = try XMLReader.parse([0xEF, 0xBB, 0xBF] + Array("<a>é</a>".utf8))
        #expect(root.children == [.text("é")])
    }
}
