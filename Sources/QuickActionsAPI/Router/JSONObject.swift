import Foundation
import HTTPServer
import QuickActions

/// A JSON request body's members, read with type checks that answer 400.
public struct JSONObject: Sendable {
    /// The members.
    public let fields: [String: JSONValue]

    /// 400 when a member is not in `allowed`.
    public func requireKnown(_ allowed: Set<String>) throws(Problem) {
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw Problem.badRequest(
                "Unknown field '\(unknown)'; allowed: \(allowed.sorted().joined(separator: ", ")).",
                extensions: ["field": .string(unknown)])
        }
    }

    /// A string member; nil when absent; 400 when present with another type (null included).
    public func string(_ key: String) throws(Problem) -> String? {
        guard let value = fields[key] else { return nil }
        guard case .string(let string) = value else { throw wrongType(key, "a string", value) }
        return string
    }

    /// A string-or-null member: `.none` absent, `.some(nil)` null.
    public func nullableString(_ key: String) throws(Problem) -> String?? {
        guard let value = fields[key] else { return .none }
        switch value {
        case .null: return .some(nil)
        case .string(let string): return .some(string)
        default: throw wrongType(key, "a string or null", value)
        }
    }

    /// A boolean member; nil when absent; 400 on another type.
    public func bool(_ key: String) throws(Problem) -> Bool? {
        guard let value = fields[key] else { return nil }
        guard case .bool(let flag) = value else { throw wrongType(key, "a boolean", value) }
        return flag
    }

    /// An object member; nil when absent; 400 on another type.
    public func object(_ key: String) throws(Problem) -> [String: JSONValue]? {
        guard let value = fields[key] else { return nil }
        guard case .object(let object) = value else { throw wrongType(key, "an object", value) }
        return object
    }

    private func wrongType(_ key: String, _ expected: String, _ value: JSONValue) -> Problem {
        Problem.badRequest("Field '\(key)' must be \(expected), not \(value.typeName).", extensions: ["field": .string(key)])
    }
}
