import Foundation
import HTTPServer
import Testing

@testable import QuickActionsAPI

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
