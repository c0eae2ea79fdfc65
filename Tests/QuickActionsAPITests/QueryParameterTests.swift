import QuickActions
import Testing

@testable import QuickActionsAPI

/// Every query parameter takes one value: one given twice is a 400 problem naming it, never
/// the first value taken silently; so is an unknown or malformed one.
@Suite struct QueryParameterTests {
    @Test(
        "A repeated parameter is a 400 naming it",
        arguments: [
            "/shortcuts?platform=android&platform=web", "/shortcuts?platform=ios&platform=ios", "/shortcuts?explain=true&explain=false",
            "/shortcuts?include=disabled&include=disabled", "/shortcuts?visible=true&platform=web&visible=true",
            "/shortcuts/preview.svg?lang=fr&lang=de", "/contacts?q=a&q=b",
        ])
    func repeatedParameterIsRefused(target: String) throws {
        let response = try APITestHarness(seed: true).send("GET", target)
        try response.expectProblem(400)
        let name = String(target.split(separator: "?")[1].split(separator: "&").last?.split(separator: "=").first ?? "")
        let problem = try response.object()
        #expect(problem["parameter"] == .string(name), "\(problem)")
        #expect(problem["detail"]?.stringValue?.contains("more than once") == true, "\(problem)")
    }

    @Test("Unknown and malformed parameters name the parameter too; one of each is served")
    func otherQueryProblemsNameTheParameter() throws {
        let api = try APITestHarness(seed: true)
        #expect(try api.send("GET", "/shortcuts?platfrom=web").object()["parameter"] == .string("platfrom"))
        #expect(try api.send("GET", "/shortcuts?explain=yes").object()["parameter"] == .string("explain"))
        #expect(try api.send("GET", "/shortcuts?platform=web&visible=true&explain=false").status == 200)
    }
}
