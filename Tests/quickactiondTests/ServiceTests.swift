import Testing

@testable import quickactiond

/// What the composition root decides before it builds anything.
@Suite struct ServiceTests {
    @Test func exposedHostWithoutTokenRefusesToStart() throws {
        var configuration = ServiceConfiguration()
        configuration.host = "0.0.0.0"
        #expect(throws: StartupError.self) { try Service.resolveToken(configuration) }
        configuration.allowUnauthenticated = true
        #expect(try Service.resolveToken(configuration) == nil)
        configuration.allowUnauthenticated = false
        configuration.token = "t"
        #expect(try Service.resolveToken(configuration) == "t")
        #expect(Service.isLoopback("127.0.0.1") && Service.isLoopback("::1") && !Service.isLoopback("10.0.0.1"))
    }
}
