import QuickActions
import Testing

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a": [1, -2.5e1, true, false, null, "x\"\u00e9\ud83d\ude00"], "b": {}} "#)
        #expect(value == ["a": [.integer(1), .double(-25), true, false, nil, .string("x\"é😀")], "b": .object([:])])
    }

    @Test(arguments: [
        "", "{", "{\"a\":1,}", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"\\x\"", "\"\\ud800\"", "\"a\nb\"", "{\"a\":1,\"a\":2}",
        "1 2", "{'a':1}", "NaN", "[1e999]",
    ])
    func refusesInvalidDocuments(text: String) {
        #expect(throws: JSONParseError.self) { try JSONParser.parse(text) }
    }

    @Test func refusesInvalidUTF8InStrings() {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func boundsNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }

    @Test func writerSortsKeysAndEscapesAndRoundTrips() throws {
        let value: JSONValue = ["b": "line\nbreak \"q\" \u{01}", "a": [1, .double(2.5), true, nil]]
        let text = JSONWriter.string(value)
        #expect(text == #"{"a":[1,2.5,true,null],"b":"line\nbreak \"q\" \u0001"}"#)
        #expect(try JSONParser.parse(text) == value)
    }

    @Test func largeIntegersStayExact() throws {
        #expect(try JSONParser.parse("9007199254740993") == .integer(9_007_199_254_740_993))
    }
}
