import HTTPServer
import QuickActions

extension HTTPResponse {
    /// A JSON response with sorted keys.
    static func json(_ value: JSONValue, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers.set("Content-Type", "application/json")
        return HTTPResponse(status: status, headers: headers, body: .bytes(JSONWriter.bytes(value)))
    }

    /// A response with a body of the given media type.
    static func text(_ text: String, contentType: String, status: Int = 200) -> HTTPResponse {
        var headers = HTTPHeaders()
        headers.set("Content-Type", contentType)
        return HTTPResponse(status: status, headers: headers, body: .bytes(Array(text.utf8)))
    }
}
