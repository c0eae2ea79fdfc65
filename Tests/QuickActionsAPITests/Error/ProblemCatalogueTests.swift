import Foundation
import QuickActions
import StorageCore
import Testing

@testable import QuickActionsAPI

/// The problem catalogue (`ProblemType`) and `openapi.yaml`'s list of problem types are the
/// same list: every type the service can answer with is documented with its status, title
/// and members, and every documented type is one the service has.
@Suite struct ProblemCatalogueTests {
    static func document() throws -> String {
        try String(contentsOf: OpenAPIContractTests.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
    }

    static var catalogue: [OpenAPIProblemTypes.Entry] {
        ProblemType.allCases.map { .init(uri: $0.uri, status: $0.status, title: $0.title, members: $0.members) }
    }

    @Test func everyProblemTypeIsDocumentedAndEveryDocumentedTypeExists() throws {
        let documented = OpenAPIProblemTypes.parse(try Self.document())
        #expect(documented.count == ProblemType.allCases.count)
        let missing = Set(Self.catalogue.map(\.description)).subtracting(documented.map(\.description))
        let extra = Set(documented.map(\.description)).subtracting(Self.catalogue.map(\.description))
        #expect(missing.isEmpty, "in the catalogue, not in openapi.yaml as such: \(missing.sorted())")
        #expect(extra.isEmpty, "in openapi.yaml, not in the catalogue as such: \(extra.sorted())")
    }

    @Test func everyMemberOfAProblemTypeIsAPropertyOfTheProblemSchema() throws {
        let properties = OpenAPIProblemTypes.problemMembers(try Self.document())
        #expect(properties.isSuperset(of: ["type", "title", "status", "detail"]))
        let members = ProblemType.allCases.reduce(into: Set<String>()) { $0.formUnion($1.members) }
        #expect(members.subtracting(properties).isEmpty, "not in the Problem schema: \(members.subtracting(properties).sorted())")
    }

    @Test func everyTypeIsUnderTheOneBaseURI() {
        #expect(ProblemType.allCases.allSatisfy { $0.uri == "https://quickactiond.dev/problems/" + $0.rawValue })
        #expect(Set(ProblemType.allCases.map(\.uri)).count == ProblemType.allCases.count)
    }

    @Test func parserReadsTheProblemTypeEntries() {
        let sample = """
            components:
              schemas:
                ProblemType:
                  type: string
                  oneOf:
                    - title: Gone
                      description: >-
                        Stale: fetch again.
                      x-status: 410
                      x-members: [refresh, disabledMessage]
                      enum: ["https://example.test/gone"]
                    - title: Not Found
                      x-status: 404
                      x-members: []
                      enum: ["https://example.test/not-found"]
                Problem:
                  type: object
                  properties:
                    type:
                      $ref: "#/components/schemas/ProblemType"
                    limit:
                      type: integer
            """
        #expect(
            OpenAPIProblemTypes.parse(sample) == [
                .init(uri: "https://example.test/gone", status: 410, title: "Gone", members: ["refresh", "disabledMessage"]),
                .init(uri: "https://example.test/not-found", status: 404, title: "Not Found", members: []),
            ])
        #expect(OpenAPIProblemTypes.problemMembers(sample) == ["type", "limit"])
    }

    /// The contact quota has one body, whichever way the store's refusal reaches the edge.
    @Test func theContactQuotaProblemCarriesItsLimit() throws {
        let problem = Problem.storage(.quotaExceeded(limit: 3))
        #expect(problem.status == 403 && problem.type == "https://quickactiond.dev/problems/contact-quota-exceeded")
        #expect(problem.extensions["limit"] == .integer(3))
        #expect(problem.detail == "This account holds its limit of 3 contacts; delete some before creating more.")
    }

    /// The limit on scheduled items is not the contact quota: its own type, its own limit
    /// (the stores refuse with this cause: `ScheduledItemContractTests`).
    @Test func theScheduledItemLimitIsItsOwnProblem() {
        let refusal = StorageError(.scheduledItemLimit, message: "full", limit: ScheduledItemValidator.maxItems)
        #expect(refusal.cause.isRefusal)
        let problem = Problem.storage(refusal)
        #expect(problem.status == 422 && problem.type == "https://quickactiond.dev/problems/scheduled-item-limit-exceeded")
        #expect(problem.extensions == ["field": "scheduledItems", "limit": .integer(Int64(ScheduledItemValidator.maxItems))])
        #expect(problem.headers["Retry-After"] == nil)
    }
}
