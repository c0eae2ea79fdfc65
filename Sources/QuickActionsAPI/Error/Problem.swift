import HTTPServer
import QuickActions
import StorageCore

/// An RFC 9457 problem: the one error type at the HTTP edge. Its type, status and title come
/// from the catalogue (`ProblemType`); `detail` and the extension members say what happened.
public struct Problem: Error, Sendable {
    /// The kind of problem: its `type` URI, status and title.
    public let problemType: ProblemType
    /// What happened this time, for a person.
    public var detail: String
    /// Extension members (e.g. `field`), among those `problemType` lists.
    public var extensions: [String: JSONValue]
    /// Headers the response must carry (e.g. `Allow`).
    public var headers: HTTPHeaders

    /// Creates a problem of type `type`. `Retry-After` is `retryAfter` seconds, else the type's
    /// own when it has one, added after `headers`.
    public init(
        _ type: ProblemType, detail: String, extensions: [String: JSONValue] = [:], retryAfter: Int? = nil, headers: HTTPHeaders = HTTPHeaders()
    ) {
        assert(extensions.keys.allSatisfy(type.members.contains), "\(type) carries \(type.members.sorted()), not \(extensions.keys.sorted())")
        self.problemType = type
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
        if let seconds = retryAfter ?? type.retryAfter { self.headers.add("Retry-After", String(seconds)) }
    }

    /// HTTP status.
    public var status: Int { problemType.status }
    /// Short, fixed summary of the problem type.
    public var title: String { problemType.title }
    /// The URI naming the problem type.
    public var type: String { problemType.uri }

    /// The `application/problem+json` response.
    public var response: HTTPResponse {
        var object = extensions
        object["type"] = .string(type)
        object["title"] = .string(title)
        object["status"] = .integer(Int64(status))
        object["detail"] = .string(detail)
        var headers = self.headers
        headers.set("Content-Type", "application/problem+json")
        return HTTPResponse(status: status, headers: headers, body: .bytes(JSONWriter.bytes(.object(object))))
    }
}

extension Problem {
    /// 400: the request cannot be read.
    static func badRequest(_ detail: String, extensions: [String: JSONValue] = [:]) -> Problem {
        Problem(.badRequest, detail: detail, extensions: extensions)
    }

    /// 403: a valid credential that does not open the operation (`detail` says which one would).
    static func wrongCredential(_ detail: String) -> Problem {
        Problem(.wrongCredential, detail: detail)
    }

    /// 404: nothing at this path, or no such contact.
    static func notFound(_ detail: String) -> Problem {
        Problem(.notFound, detail: detail)
    }

    /// 405 with the `Allow` header.
    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> Problem {
        var headers = HTTPHeaders()
        headers.add("Allow", allowed.joined(separator: ", "))
        return Problem(
            .methodNotAllowed, detail: "\(method) is not allowed on \(path); allowed: \(allowed.joined(separator: ", ")).", headers: headers)
    }

    /// 412 with the current `ETag`: `subject` ("contact", "scheduled item") changed since the
    /// request's `If-Match` validator was issued.
    static func preconditionFailed(_ subject: String, etag: String) -> Problem {
        var headers = HTTPHeaders()
        headers.add("ETag", etag)
        return Problem(
            .preconditionFailed,
            detail: "The \(subject) changed since the If-Match validator was issued; its current ETag is \(etag). Nothing was changed.",
            headers: headers)
    }

    /// 501: a method this server does not know (RFC 9110: not recognised for any resource).
    static func notImplemented(method: String) -> Problem {
        let named = method.utf8.count <= 32 ? "The method \(method)" : "The request's method"
        return Problem(.notImplemented, detail: "\(named) is not implemented by this server.")
    }

    /// 415: the body is not JSON.
    static func unsupportedMediaType(_ detail: String) -> Problem {
        Problem(.unsupportedMediaType, detail: detail)
    }

    /// 422: a value that breaks a rule.
    static func unprocessable(_ detail: String, field: String? = nil) -> Problem {
        Problem(.unprocessableContent, detail: detail, extensions: field.map { ["field": .string($0)] } ?? [:])
    }

    /// 500: our fault; the detail never leaks internals beyond a summary.
    static func internalError(_ detail: String = "The server could not complete the request.") -> Problem {
        Problem(.internalServerError, detail: detail)
    }
}
