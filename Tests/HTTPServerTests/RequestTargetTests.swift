import HTTPServer
import Testing

@Suite struct RequestTargetTests {
    @Test func splitsAndDecodesPathAndQuery() throws {
        let parsed = try RequestTarget.parse("/contacts/a%20b?q=%C3%85ngstr%C3%B6m&favorite=true&flag&x=1+2")
        #expect(parsed.path == "/contacts/a b")
        #expect(parsed.query.map(\.name) == ["q", "favorite", "flag", "x"])
        #expect(parsed.query.map(\.value) == ["Ångström", "true", "", "1 2"])
    }

    @Test func plusIsLiteralInPaths() throws {
        #expect(try RequestTarget.parse("/a+b").path == "/a+b")
    }

    @Test func absoluteFormKeepsOnlyThePath() throws {
        #expect(try RequestTarget.parse("http://example.com/healthz?x=1").path == "/healthz")
    }

    @Test(arguments: [
        ("/con%ZZtacts", RequestTargetError.badPercentEncoding), ("/a%2", .badPercentEncoding), ("/a%", .badPercentEncoding),
        ("/a%00b", .controlCharacter), ("/a%0Ab", .controlCharacter), ("/a%FFb", .invalidUTF8), ("/q?x=%C3", .invalidUTF8),
        ("*", .notOriginForm), ("contacts", .notOriginForm),
    ])
    func refusesBadTargets(target: String, error: RequestTargetError) {
        #expect(throws: error) { try RequestTarget.parse(target) }
    }
}
