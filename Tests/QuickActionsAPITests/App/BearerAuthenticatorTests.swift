import Testing

@testable import QuickActionsAPI

@Suite struct BearerAuthenticatorTests {
    @Test func withoutTheTokenEveryPathLooksTheSame() throws {
        let api = try APITestHarness(seed: true, token: "s3cret")
        let known = try api.send("GET", "/contacts")
        let unknown = try api.send("GET", "/no/such/path")
        let wrongMethod = try api.send("PUT", "/shortcuts")
        for response in [known, unknown, wrongMethod] {
            try response.expectProblem(401)
            #expect(response.headers["WWW-Authenticate"] == "Bearer realm=\"quickactiond\"")
        }
        #expect(try api.send("GET", "/contacts", headers: [("Authorization", "Bearer wrong")]).status == 401)
        #expect(try api.send("GET", "/contacts", headers: [("Authorization", "Basic czNjcmV0")]).status == 401)
        #expect(try api.send("GET", "/contacts", headers: [("Authorization", "Bearer s3cret")]).status == 200)
        #expect(try api.send("GET", "/contacts", headers: [("Authorization", "bearer s3cret")]).status == 200)
    }

    /// The open paths are the routes marked `.open` in `Routes`, and no others.
    @Test func theOpenPathsAreTheRoutesMarkedOpen() throws {
        let routes = try APITestHarness(token: "s3cret").handler.router.routes
        let open = routes.filter { $0.access == .open }
        #expect(BearerAuthenticator.openPaths == Set(open.map(\.pattern)))
        #expect(BearerAuthenticator.openPaths == ["/healthz", "/readyz", "/preview", "/preview/app.js", "/preview/app.css"])
        // Matched as whole paths, so an open route has no parameters.
        #expect(open.allSatisfy { !$0.pattern.contains("{") })
        #expect(Set(Routes.declared.map(\.operationId)) == Set(routes.map(\.operationId)))
    }

    @Test func probesNeedNoToken() throws {
        let api = try APITestHarness(token: "s3cret")
        #expect(try api.send("GET", "/healthz").status == 200)
        #expect(try api.send("GET", "/readyz").status == 200)
    }
}
