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

/// Reads `METHOD /path operationId` triples from the `paths:` section of our own openapi.yaml
/// (block style, two-space indentation): enough YAML for this check, with no YAML library.
enum OpenAPIOperations {
    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    static func parse(_ text: String) -> Set<String> {
        var operations: Set<String> = []
        var inPaths = false
        var path: String?
        var method: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indent = line.prefix { $0 == " " }.count
            let content = line.trimmingCharacters(in: .whitespaces)
            if indent == 0 && !content.isEmpty {
                inPaths = content == "paths:"
                continue
            }
            guard inPaths, !content.isEmpty else { continue }
            if indent == 2, content.hasPrefix("/"), content.hasSuffix(":") {
                path = String(content.dropLast())
                method = nil
            } else if indent == 4, content.hasSuffix(":"), methods.contains(String(content.dropLast())) {
                method = String(content.dropLast())
            } else if indent == 4 {
                method = nil
            } else if indent == 6, content.hasPrefix("operationId:"), let path, let method {
                let id = content.dropFirst("operationId:".count).trimmingCharacters(in: .whitespaces)
                operations.insert("\(method.uppercased()) \(path) \(id)")
            }
        }
        return operations
    }
}
