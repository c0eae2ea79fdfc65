import Foundation
import HTTPServer
import Testing

@testable import QuickActionsAPI

/// `openapi.yaml` is the contract: every documented path+method is routed under the same
/// operationId, nothing is routed that is not documented, and the binary embeds this file.
@Suite struct OpenAPIContractTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func documentedOperations() throws -> Set<String> {
        let text = try String(contentsOf: root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        return OpenAPIOperations.parse(text)
    }

    @Test func everyDocumentedOperationIsRoutedAndViceVersa() throws {
        let documented = try Self.documentedOperations()
        let routed = Set(try APITestHarness().handler.router.routes.map { "\($0.method) \($0.pattern) \($0.operationId)" })
        #expect(!documented.isEmpty)
        #expect(documented.subtracting(routed).isEmpty, "documented but not routed: \(documented.subtracting(routed).sorted())")
        #expect(routed.subtracting(documented).isEmpty, "routed but not documented: \(routed.subtracting(documented).sorted())")
    }

    @Test func binaryEmbedsTheCheckedInDocument() throws {
        let file = try String(contentsOf: Self.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(OpenAPIDocument.yaml == file, "run `make embed-openapi`")
    }

    @Test func theServedDocumentRequiresTheTokenExactlyWhenTheServerDoes() throws {
        let file = try String(contentsOf: Self.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        #expect(file.contains(OpenAPIDocument.securedRequirement), "openapi.yaml stays in the secured form")
        #expect(OpenAPIDocument.served(requiresToken: true) == file)
        let open = OpenAPIDocument.served(requiresToken: false)
        #expect(!open.contains(OpenAPIDocument.securedRequirement))
        #expect(open.contains("\nsecurity: []\n"))
        // Nothing else changes: the same operations, schemas and security schemes.
        #expect(OpenAPIOperations.parse(open) == OpenAPIOperations.parse(file))
        #expect(open.contains("bearerAuth:\n"))
        // No operation of its own asks for the service token either (/metrics, /openapi.yaml).
        #expect(file.contains(OpenAPIDocument.eitherTokenRequirement))
        #expect(!open.contains("- bearerAuth: []"))
        #expect(open.contains("adminToken:\n"))
    }

    @Test func parserReadsPathsMethodsAndOperationIds() {
        let sample = """
            paths:
              /a/{id}:
                parameters:
                  - name: id
                get:
                  operationId: getA
                delete:
                  operationId: deleteA
            components:
              schemas: {}
            """
        #expect(OpenAPIOperations.parse(sample) == ["GET /a/{id} getA", "DELETE /a/{id} deleteA"])
    }
}
