import Foundation
import HTTPServer
import Testing

@testable import QuickActionsAPI

@Suite struct RoutingTests {
    @Test func unknownPathIs404Problem() throws {
        try APITestHarness().send("GET", "/nope").expectProblem(404)
        try APITestHarness().send("GET", "/contacts/").expectProblem(404)
    }

    @Test func knownPathWithOtherMethodIs405WithAllow() throws {
        let response = try APITestHarness().send("PUT", "/contacts/abc")
        try response.expectProblem(405)
        #expect(response.headers["Allow"] == "DELETE, GET, HEAD, PATCH")
        #expect(try APITestHarness().send("GET", "/trigger").headers["Allow"] == "POST")
    }

    @Test func requestIdIsEchoedOrGenerated() throws {
        let api = try APITestHarness()
        #expect(try api.send("GET", "/healthz", headers: [("X-Request-Id", "abc-123")]).headers["X-Request-Id"] == "abc-123")
        #expect(try api.send("GET", "/healthz").headers["X-Request-Id"]?.count == 20)
    }

    @Test func servesTheEmbeddedOpenAPIDocument() throws {
        let response = try APITestHarness().send("GET", "/openapi.yaml")
        #expect(response.status == 200)
        #expect(response.text.hasPrefix("openapi: 3."))
    }
}
