import Testing

@testable import QuickActions

/// `JSONWriter.writeString`: the escapes it writes, byte for byte, and what a parser reads back,
/// into an array and into an `OutputSpan` of `escapedCapacity` (the same bytes).
@Suite struct JSONWriterTests {
    /// The escape of one byte as the writer's contract states it (a per-byte reference).
    private static func reference(_ string: String) -> [UInt8] {
        var output: [UInt8] = [0x22]
        for byte in string.utf8 {
            switch byte {
            case 0x22: output += [0x5C, 0x22]
            case 0x5C: output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, 0x6E]
            case 0x0D: output += [0x5C, 0x72]
            case 0x09: output += [0x5C, 0x74]
            case 0x00..<0x20, 0x7F: output += unicodeEscape(byte)
            default: output.append(byte)
            }
        }
        return output + [0x22]
    }

    /// `\u00XX` of a control byte, lower-case hex.
    private static func unicodeEscape(_ byte: UInt8) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        return [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
    }

    private static func written(_ string: String) -> [UInt8] {
        var output: [UInt8] = []
        JSONWriter.writeString(string, to: &output)
        var spanned: [UInt8] = []
        spanned.append(addingCapacity: JSONWriter.escapedCapacity(of: string)) { JSONWriter.writeString(string, to: &$0) }
        #expect(spanned == output, "into an OutputSpan: \(string.debugDescription)")
        return output
    }

    @Test func everyASCIICharacterAloneAndBetweenOthers() throws {
        for scalar in 0..<0x80 {
            let character = String(UnicodeScalar(UInt8(scalar)))
            for text in [character, "a" + character + "b", character + character, "Zoë" + character] {
                #expect(Self.written(text) == Self.reference(text), "\(scalar)")
                #expect(try JSONParser.parse(Self.written(text)) == .string(text), "\(scalar)")
            }
        }
    }

    @Test func randomTextOfEveryKindRoundTrips() throws {
        var generator = SystemRandomNumberGenerator()
        let pieces = ["", "a", "\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "e\u{301}", "😀", "中文", " ", "\t", "\r\n"]
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(Self.written(text) == Self.reference(text), "\(text.debugDescription)")
            #expect(try JSONParser.parse(Self.written(text)) == .string(text), "\(text.debugDescription)")
        }
        // A long string with no escape, and one that is all escapes.
        let long = String(repeating: "abcdefghij", count: 1_000)
        #expect(Self.written(long) == Self.reference(long))
        let escapes = String(repeating: "\"\\\n", count: 300)
        #expect(Self.written(escapes) == Self.reference(escapes))
        // Every byte at its longest escape: the room `escapedCapacity` makes, filled exactly.
        let controls = String(repeating: "\u{1}\u{7F}", count: 300)
        #expect(Self.written(controls).count == JSONWriter.escapedCapacity(of: controls))
    }
}
