import Foundation
import QuickActions
import Testing

@Suite struct StringBytesTests {
    @Test(arguments: ["", "ascii", "Ångström ☕️ 😀", String(repeating: "long text ", count: 50)])
    func readsAStringsUTF8InPlace(text: String) {
        let read = StringBytes.withBytes(of: text) { bytes in (0..<bytes.count).map { bytes[$0] } }
        #expect(read == Array(text.utf8))
    }

    @Test func readsABridgedStringToo() {
        let bridged = NSString(string: "Crème brûlée, naïve café") as String
        #expect(StringBytes.withBytes(of: bridged) { $0.count } == bridged.utf8.count)
    }

    @Test func appendsARunOfBytes() {
        var output: [UInt8] = [0x3E]
        StringBytes.withBytes(of: "hello world") { StringBytes.append($0.extracting(6..<11), to: &output) }
        #expect(output == Array(">world".utf8))
    }

    @Test func writesAStringInPlace() {
        let abc = StringBytes.string(utf8Count: 3) { bytes in
            for (index, byte) in "abc".utf8.enumerated() { bytes[index] = byte }
        }
        #expect(abc == "abc")
        #expect(StringBytes.string(utf8Count: 0) { _ in } == "")
        // What is left is NUL, and invalid UTF-8 is repaired: never uninitialized memory.
        #expect(StringBytes.string(utf8Count: 2) { $0[0] = 0x61 } == "a\u{0}")
        #expect(StringBytes.string(utf8Count: 1) { $0[0] = 0xFF } == "\u{FFFD}")
    }

    @Test func makesAStringOfPackedWords() {
        let words: (UInt64, UInt64, UInt64) = (0x3837_3635_3433_3231, 0x4847_4645_4443_4241, 0x7A79_7877_7675_7473)
        #expect(StringBytes.string(packed: words) == "12345678ABCDEFGHstuvwxyz")
    }
}
