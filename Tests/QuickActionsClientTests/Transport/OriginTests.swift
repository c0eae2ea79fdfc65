import Foundation
import Testing

@testable import QuickActionsClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct OriginTests {
    static func origin(_ text: String) -> Origin? {
        Origin(URL(string: text))
    }

    @Test("Scheme, host and port make an origin; default ports count, host case does not")
    func comparesSchemeHostAndPort() {
        #expect(Self.origin("http://Example.com/a") == Self.origin("http://example.com:80/b"))
        #expect(Self.origin("https://example.com") == Self.origin("https://example.com:443/"))
        #expect(Self.origin("http://example.com") != Self.origin("https://example.com"))
        #expect(Self.origin("http://example.com:8080") != Self.origin("http://example.com:8081"))
        #expect(Self.origin("http://example.com") != Self.origin("http://example.org"))
        #expect(Self.origin("http://127.0.0.1:8080")?.description == "http://127.0.0.1:8080")
        #expect(Self.origin("/relative") == nil)
    }

    @Test("follow keeps the token within the origin and refuses another, naming it")
    func follow() throws {
        var original = URLRequest(url: try #require(URL(string: "http://127.0.0.1:8080/shortcuts")))
        original.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        let moved = URLRequest(url: try #require(URL(string: "http://127.0.0.1:8080/moved")))
        let followed = try Origin.follow(moved, from: original).get()
        #expect(followed.value(forHTTPHeaderField: "Authorization") == "Bearer t")
        let elsewhere = URLRequest(url: try #require(URL(string: "http://127.0.0.1:9090/shortcuts")))
        #expect(throws: QuickActionsClientError.redirectRefused(origin: "http://127.0.0.1:9090")) {
            try Origin.follow(elsewhere, from: original).get()
        }
        let upgraded = URLRequest(url: try #require(URL(string: "https://127.0.0.1:8080/shortcuts")))
        #expect(throws: QuickActionsClientError.redirectRefused(origin: "https://127.0.0.1:8080")) {
            try Origin.follow(upgraded, from: original).get()
        }
    }
}
