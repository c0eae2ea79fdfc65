import HTTPServer
import Testing

@Suite struct HTTPHeadersTests {
    @Test func lookupIsCaseInsensitiveAndKeepsOrder() {
        var headers = HTTPHeaders([("Content-Type", "a"), ("X-One", "1"), ("x-one", "2")])
        #expect(headers["content-type"] == "a")
        #expect(headers.values(for: "X-ONE") == ["1", "2"])
        headers.set("X-One", "3")
        #expect(headers.values(for: "x-one") == ["3"])
        #expect(headers["Missing"] == nil)
    }

    @Test func addAppendsAndSetReplacesEveryFieldOfTheName() {
        var headers = HTTPHeaders([("A", "1"), ("B", "2"), ("a", "3")])
        headers.add("C", "4")
        #expect(headers.values(for: "a") == ["1", "3"])
        headers.set("A", "5")
        #expect(headers.fields.map { "\($0.name)=\($0.value)" } == ["B=2", "C=4", "A=5"])
        #expect(headers["a"] == "5")
        #expect(headers == HTTPHeaders([("B", "2"), ("C", "4"), ("A", "5")]))
    }
}
