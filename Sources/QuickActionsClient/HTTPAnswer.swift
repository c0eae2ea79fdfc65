import Foundation
import QuickActions

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP answer, as much of it as the client reads.
struct HTTPAnswer: Sendable {
    /// The status code.
    var status: Int
    /// Header values by lower-cased name.
    var headers: [String: String]
    /// The body.
    var body: [UInt8]

    init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    init(response: HTTPURLResponse, body: [UInt8]) {
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        self.init(status: response.statusCode, headers: headers, body: body)
    }

    /// A problem+json answer's `detail`, else its title, else "".
    var detail: String {
        guard case .object(let object)? = try? JSONParser.parse(body) else { return "" }
        return object["detail"]?.stringValue ?? object["title"]?.stringValue ?? ""
    }

    /// A problem+json answer's string member `name` (e.g. a `410`'s `disabledMessage`), or nil.
    func problemString(_ name: String) -> String? {
        guard case .object(let object)? = try? JSONParser.parse(body) else { return nil }
        return object[name]?.stringValue
    }

    /// The error for an answer the caller did not expect.
    var error: QuickActionsClientError {
        status == 401 ? .unauthorized : .status(status, detail)
    }
}
