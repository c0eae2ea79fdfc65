import HTTPServer
import Testing

/// `RequestHeaders.ifNoneMatch(matches:)`: the `If-None-Match` list, read in place (RFC 9110 §13.1.2).
@Suite struct RequestHeadersIfNoneMatchTests {
    let etag = "\"0123abcd\""

    private func matches(_ field: String) -> Bool {
        RequestHeaders([("Accept", "*/*"), ("If-None-Match", field)]).ifNoneMatch(matches: etag)
    }

    @Test func namesTheTagAloneInAListWithWhiteSpaceWeakOrStar() {
        let fields = [etag, " \(etag)\t", "\"other\", \(etag)", "\"other\",\(etag),\"third\"", "W/\(etag)", "\"x\", W/\(etag)"]
        for field in fields + ["*", " * ", "\"x\",*"] {
            #expect(matches(field), "\(field)")
        }
    }

    @Test func refusesOtherTagsPrefixesAndEmptyMembers() {
        let fields = ["", ",", " , ", "\"other\"", "\"0123abc\"", "\"0123abcd", "0123abcd\"", "\"0123abcd\"x"]
        for field in fields + ["w/\(etag)", "W/", "**", "\"x\" \(etag)"] {
            #expect(!matches(field), "\(field)")
        }
    }

    @Test func withoutTheFieldNothingMatchesAndOnlyTheFirstFieldCounts() {
        #expect(!RequestHeaders([("Accept", etag)]).ifNoneMatch(matches: etag))
        #expect(!RequestHeaders().ifNoneMatch(matches: etag))
        #expect(RequestHeaders([("if-none-match", etag)]).ifNoneMatch(matches: etag), "the name in any case")
        #expect(!RequestHeaders([("If-None-Match", "\"other\""), ("If-None-Match", etag)]).ifNoneMatch(matches: etag))
        #expect(RequestHeaders([("If-None-Match", "\"other\"")]).contains("if-none-match"))
        #expect(!RequestHeaders([("If-None-Matc", "\"other\"")]).contains("If-None-Match"))
    }
}
