import HTTPServer
import Testing

/// `RequestHeaders.withBearerToken`: the token of an `Authorization: Bearer` field, read in place.
@Suite struct RequestHeadersBearerTests {
    private func token(_ field: String?, name: String = "Authorization") -> [UInt8]? {
        let headers = RequestHeaders([("Host", "x")] + (field.map { [(name, $0)] } ?? []))
        return headers.withBearerToken { token in (0..<token.count).map { token[$0] } }
    }

    @Test func readsTheTokenOfAnyCaseOfTheSchemeWithoutSurroundingWhiteSpace() {
        for field in ["Bearer qa_secret", "bearer qa_secret", "BEARER \tqa_secret \t", "BeArEr   qa_secret"] {
            #expect(token(field) == Array("qa_secret".utf8), "\(field)")
        }
        #expect(token("qa_secret", name: "authorization") == nil)
        #expect(token("Bearer a b", name: "AUTHORIZATION") == Array("a b".utf8), "inner white space is the token's")
    }

    @Test func noFieldOtherSchemesAndEmptyTokensGiveNothing() {
        for field in ["", "Bearer", "Bearer ", "Bearer \t ", "Basic YWxhZGRpbjpvcGVuc2VzYW1l", "Bearerx token", "Token abc"] {
            #expect(token(field) == nil, "\(field)")
        }
        #expect(token(nil) == nil)
        #expect(token("Bearer x", name: "X-Authorization") == nil)
    }

    @Test func onlyTheFirstAuthorizationFieldCounts() {
        let headers = RequestHeaders([("Authorization", "Basic abc"), ("Authorization", "Bearer later")])
        #expect(headers.withBearerToken { $0.count } == nil)
    }
}
