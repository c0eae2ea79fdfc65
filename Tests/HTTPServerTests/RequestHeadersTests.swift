import HTTPServer
import Testing

@Suite struct RequestHeadersTests {
    @Test func looksUpIgnoringCaseAndKeepsEveryFieldInOrder() {
        let headers = RequestHeaders([("Host", "x"), ("Accept", "a/b"), ("ACCEPT", "c/d"), ("X-Empty", "")])
        #expect(headers["accept"] == "a/b")
        #expect(headers["x-empty"] == "")
        #expect(headers["Accep"] == nil)
        #expect(headers.values(for: "Accept") == ["a/b", "c/d"])
        #expect(headers.map(\.name) == ["Host", "Accept", "ACCEPT", "X-Empty"])
        #expect(RequestHeaders()["Host"] == nil)
    }
}
