import Foundation
import HTTPServer
import QuickActions

/// A routed request: the transport's request plus the matched route's parameters.
public struct APIRequest: Sendable {
    /// The request as the transport read it.
    public let http: HTTPRequest
    /// Path parameters by name (`id` in `/contacts/{id}`).
    public let parameters: [String: String]
    /// The matched route's pattern, for logs and metrics.
    public let route: String
    /// The account the credential selected (routes of `RouteAccess.account`), else nil.
    public let scope: AccountScope?
    /// Where the handler's reads of the store go when its thread must not wait on the store (an
    /// HTTP thread, while the store's reads may wait): nil when it may read the store itself.
    /// Set by `APIHandler` as it runs the handler (see `readingStore`).
    var storeHandOff: StoreHandOff?

    /// Creates a routed request.
    public init(http: HTTPRequest, parameters: [String: String], route: String, scope: AccountScope? = nil) {
        self.http = http
        self.parameters = parameters
        self.route = route
        self.scope = scope
    }

    /// The answer `read` gives, reading the store: given here when this thread may read the
    /// store; otherwise `read` runs on the store's workers, and its answer comes later (a
    /// deferred response, or at once a 503 `storage-busy` when too many requests wait for the
    /// workers), what it throws answered there as a handler's throw is. A handler that answers
    /// from memory when it can (`StoreUse.whenNotCached`) reads the store only through this, so
    /// the same code gives its answer on either thread.
    public func readingStore(_ read: @escaping @Sendable () throws -> HTTPResponse) throws -> HTTPResponse {
        guard let storeHandOff else { return try read() }
        return storeHandOff.read(for: route, read)
    }

    /// The account the request acts for. The handler gives every account route one; a route
    /// without one is a wiring mistake, answered 500 rather than reaching any account's data.
    public func account() throws(Problem) -> AccountScope {
        guard let scope else { throw Problem.internalError() }
        return scope
    }

    /// A path parameter (routing guarantees it exists).
    public func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }

    /// The body as a JSON object: 415 unless it is `application/json`, 400 unless it parses to an object.
    public func jsonObject() throws(Problem) -> JSONObject {
        guard let contentType = http.headers["Content-Type"] else {
            throw Problem.unsupportedMediaType("Send the body as JSON with 'Content-Type: application/json'.")
        }
        // The media type before any parameters, without optional white space (RFC 9110: SP, HTAB).
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingOptionalWhiteSpace().lowercased() }
        guard mediaType == "application/json" else {
            throw Problem.unsupportedMediaType("Content-Type '\(contentType)' is not supported; send 'application/json'.")
        }
        guard !http.body.isEmpty else { throw Problem.badRequest("The request body is empty; a JSON object is expected.") }
        let value: JSONValue
        do {
            value = try JSONParser.parse(http.body)
        } catch {
            throw Problem.badRequest("The body is not valid JSON: \(error.description).")
        }
        guard case .object(let fields) = value else {
            throw Problem.badRequest("The body must be a JSON object, not \(value.typeName == "array" ? "an" : "a") \(value.typeName).")
        }
        return JSONObject(fields: fields)
    }

    /// An integer query parameter within `range`, `fallback` when absent; 400 otherwise.
    public func queryInteger(_ name: String, default fallback: Int, range: ClosedRange<Int>) throws(Problem) -> Int {
        guard let text = http.queryValue(name) else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw Problem.badRequest(
                "Query parameter '\(name)' must be an integer from \(range.lowerBound) to \(range.upperBound).",
                extensions: ["parameter": .string(name)])
        }
        return value
    }

    /// A boolean query parameter (`true`/`false`), nil when absent; 400 otherwise.
    public func queryBoolean(_ name: String) throws(Problem) -> Bool? {
        guard let text = http.queryValue(name) else { return nil }
        switch text {
        case "true": return true
        case "false": return false
        default: throw Problem.badRequest("Query parameter '\(name)' must be 'true' or 'false'.", extensions: ["parameter": .string(name)])
        }
    }

    /// Refuses query parameters not in `allowed`, so typos do not silently widen a query, and a
    /// parameter given twice (every parameter takes one value: `?platform=android&platform=web`
    /// would otherwise mean whichever one is read). Both are 400 problems naming the `parameter`.
    /// (A route knows a handful of names: comparing with each costs less than hashing one.)
    public func requireKnownQuery(_ allowed: [String]) throws(Problem) {
        guard !http.query.isEmpty else { return }
        if let unknown = http.query.first(where: { !allowed.contains($0.name) }) {
            let list = allowed.sorted().joined(separator: ", ")
            throw Problem.badRequest(
                "Unknown query parameter '\(unknown.name)'; allowed: \(list.isEmpty ? "none" : list).",
                extensions: ["parameter": .string(unknown.name)])
        }
        guard http.query.count > 1 else { return }
        // Every name is one of `allowed` now: counting each of them is linear in the query.
        for name in allowed where http.query.lazy.filter({ $0.name == name }).count > 1 {
            throw Problem.badRequest("Query parameter '\(name)' is given more than once; give it once.", extensions: ["parameter": .string(name)])
        }
    }
}
