import Testing

@testable import HTTPServer

@Suite struct PreparedResponseTests {
    @Test func aPreparedResponseKeepsItsFieldsAndCarriesTheirCStrings() {
        var headers = HTTPHeaders()
        headers.add("ETag", "\"abc\"")
        headers.add("Content-Language", "de-CH")
        headers.add("X-Empty", "")
        let prepared = PreparedResponse(status: 200, headers: headers, body: SharedBytes(Array("body".utf8)))
        #expect(prepared.headers == headers)
        let pairs = prepared.cStrings.pairs.map { (String(cString: $0.name), String(cString: $0.value)) }
        #expect(pairs.map(\.0) == ["ETag", "Content-Language", "X-Empty"])
        #expect(pairs.map(\.1) == ["\"abc\"", "de-CH", ""])
    }

    @Test func aResponseMadeFromOneSendsItUntilItIsChanged() {
        let prepared = PreparedResponse(status: 200, headers: HTTPHeaders([("A", "1")]), body: SharedBytes(Array("x".utf8)))
        let response = HTTPResponse(prepared)
        #expect(response.prepared === prepared)
        #expect(response.status == 200 && response.headers["A"] == "1" && response.body.bytes == Array("x".utf8))
        var withId = response
        withId.requestId = .generated(7)
        withId.closeConnection = false
        #expect(withId.prepared === prepared, "an id or the connection's fate is not part of the prepared response")
        var added = response
        added.headers.add("B", "2")
        #expect(added.prepared == nil)
        var status = response
        status.status = 201
        #expect(status.prepared == nil)
        var body = response
        body.body = .empty
        #expect(body.prepared == nil)
        #expect(HTTPResponse(status: 200).prepared == nil)
    }
}
