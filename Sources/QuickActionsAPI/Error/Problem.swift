import HTTPServer
import QuickActions
import StorageCore

/// An RFC 9457 problem: the one error type at the HTTP edge.
public struct Problem: Error, Sendable {
    /// HTTP status.
    public var status: Int
    /// Short, fixed summary of the problem type.
    public var title: String
    /// What happened this time, for a person.
    public var detail: String
    /// A URI naming the problem type.
    public var type: String
    /// Extension members (e.g. `field`).
    public var extensions: [String: JSONValue]
    /// Headers the response must carry (e.g. `Allow`).
    public var headers: HTTPHeaders

    /// Creates a problem; `type` defaults to a tag URI derived from the title.
    public init(
        status: Int, title: String, detail: String, type: String? = nil, extensions: [String: JSONValue] = [:],
        headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type ?? "https://quickactiond.dev/problems/" + title.lowercased().split(separator: " ").joined(separator: "-")
        self.extensions = extensions
        self.headers = headers
    }

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
        Problem(status: 400, title: "Bad Request", detail: detail, extensions: extensions)
    }

    /// 404: nothing at this path, or no such contact.
    static func notFound(_ detail: String) -> Problem {
        Problem(status: 404, title: "Not Found", detail: detail)
    }

    /// 405 with the `Allow` header.
    static func methodNotAllowed(_ method: String, path: String, allowed: [String]) -> Problem {
        var headers = HTTPHeaders()
        headers.add("Allow", allowed.joined(separator: ", "))
        return Problem(
            status: 405, title: "Method Not Allowed",
            detail: "\(method) is not allowed on \(path); allowed: \(allowed.joined(separator: ", ")).", headers: headers)
    }

    /// 501: a method this server does not know (RFC 9110: not recognised for any resource).
    static func notImplemented(method: String) -> Problem {
        let named = method.utf8.count <= 32 ? "The method \(method)" : "The request's method"
        return Problem(status: 501, title: "Not Implemented", detail: "\(named) is not implemented by this server.")
    }

    /// 415: the body is not JSON.
    static func unsupportedMediaType(_ detail: String) -> Problem {
        Problem(status: 415, title: "Unsupported Media Type", detail: detail)
    }

    /// 422: a value that breaks a rule.
    static func unprocessable(_ detail: String, field: String? = nil) -> Problem {
        Problem(status: 422, title: "Unprocessable Content", detail: detail, extensions: field.map { ["field": .string($0)] } ?? [:])
    }

    /// 503 for a storage failure, with `Retry-After`. The type names the cause: the disk is
    /// full (`…/problems/storage-full`), failed to read or write (`…/problems/storage-io-error`),
    /// the database did not answer within its time limits (`…/problems/storage-timeout`), or the
    /// store is otherwise unavailable (`…/problems/service-unavailable`). The detail
    /// gives the backend's words for its code, never a path; the log line has the whole message.
    /// A refusal of the request (`StorageError.Cause.isRefusal`) is the client error it is,
    /// with no `Retry-After`: 403 past the contact quota, 401 for a deleted account (as its
    /// token now gets), 422 for a value the database cannot take.
    static func storage(_ error: StorageError) -> Problem {
        let reason = error.reason.map { " (\($0))" } ?? ""
        let (title, detail, retryAfter): (String, String, Int)
        switch error.cause {
        case .full:
            (title, detail, retryAfter) = ("Storage Full", "The database's disk is full: nothing was stored. Retry once space is freed.", 60)
        case .ioError:
            (title, detail, retryAfter) = (
                "Storage I/O Error", "The database's disk failed to read or write\(reason): nothing was stored. Retry later.", 5
            )
        case .timeout:
            (title, detail, retryAfter) = (
                "Storage Timeout",
                "The database did not answer within its time limit\(reason): a lock held elsewhere, or a busy server. Retry shortly.", 2
            )
        case .unavailable:
            (title, detail, retryAfter) = ("Service Unavailable", "The contact store could not complete the request\(reason); try again.", 1)
        case .quotaExceeded:
            return Problem(
                status: 403, title: "Forbidden", detail: "This account holds its limit of contacts; delete some before creating more.",
                type: "https://quickactiond.dev/problems/contact-quota-exceeded")
        case .accountDeleted:
            return BearerAuthenticator.challenge
        case .invalidValue:
            return .unprocessable(
                "A value of the request cannot be stored\(reason); nothing was stored, and sending it again cannot succeed.")
        }
        var headers = HTTPHeaders()
        headers.add("Retry-After", String(retryAfter))
        return Problem(
            status: 503, title: title, detail: detail, type: "https://quickactiond.dev/problems/" + error.cause.rawValue, headers: headers)
    }

    /// 503 with `Retry-After` (`…/problems/storage-busy`): `waiting` requests already wait for the
    /// database, none more is queued.
    static func storeBusy(waiting: Int) -> Problem {
        var headers = HTTPHeaders()
        headers.add("Retry-After", "1")
        return Problem(
            status: 503, title: "Storage Busy",
            detail: "\(waiting) requests are already waiting for the database, which is slow to answer; this one was not run. Retry shortly.",
            type: "https://quickactiond.dev/problems/storage-busy", headers: headers)
    }

    /// 500: our fault; the detail never leaks internals beyond a summary.
    static func internalError(_ detail: String = "The server could not complete the request.") -> Problem {
        Problem(status: 500, title: "Internal Server Error", detail: detail)
    }
}
