/// Every kind of problem the service answers with: its `type` URI (`uri`, under `base`), the
/// one status and title that go with it, the extension members it may carry, and the
/// `Retry-After` it sends when that is fixed. Each `Problem` is built from one of these, and
/// `openapi.yaml` lists the same types (`components/schemas/ProblemType`): a test keeps the
/// two in step both ways.
public enum ProblemType: String, CaseIterable, Sendable {
    case badRequest = "bad-request"
    case unauthorized
    case wrongCredential = "wrong-credential"
    case contactQuotaExceeded = "contact-quota-exceeded"
    case notFound = "not-found"
    case methodNotAllowed = "method-not-allowed"
    case notAcceptable = "not-acceptable"
    case conflict
    case gone
    case preconditionFailed = "precondition-failed"
    case contentTooLarge = "content-too-large"
    case unsupportedMediaType = "unsupported-media-type"
    case unprocessableContent = "unprocessable-content"
    case scheduledItemLimitExceeded = "scheduled-item-limit-exceeded"
    case rateLimited = "rate-limited"
    case tooManyAccountConnections = "too-many-account-connections"
    case tooManyStreams = "too-many-streams"
    case requestHeaderFieldsTooLarge = "request-header-fields-too-large"
    case internalServerError = "internal-server-error"
    case notImplemented = "not-implemented"
    case serviceUnavailable = "service-unavailable"
    case tooManyConnections = "too-many-connections"
    case storageFull = "storage-full"
    case storageIOError = "storage-io-error"
    case storageTimeout = "storage-timeout"
    case storageBusy = "storage-busy"
    case changeFeedLost = "change-feed-lost"

    /// Where every problem type's URI begins.
    public static let base = "https://quickactiond.dev/problems/"

    /// The problem's `type` member.
    public var uri: String { Self.base + rawValue }

    /// The HTTP status every problem of this type has.
    public var status: Int { entry.status }

    /// The problem's fixed `title`.
    public var title: String { entry.title }

    /// The extension members a problem of this type may carry, besides the four of RFC 9457.
    public var members: Set<String> { entry.members }

    /// Seconds of `Retry-After` a problem of this type sends, when they are fixed for the type.
    var retryAfter: Int? { entry.retryAfter }

    private struct Entry {
        var status: Int
        var title: String
        var members: Set<String> = []
        var retryAfter: Int?
    }

    private var entry: Entry {
        switch self {
        case .badRequest: Entry(status: 400, title: "Bad Request", members: ["field", "parameter"])
        case .unauthorized: Entry(status: 401, title: "Unauthorized")
        case .wrongCredential: Entry(status: 403, title: "Forbidden")
        case .contactQuotaExceeded: Entry(status: 403, title: "Forbidden", members: ["limit"])
        case .notFound: Entry(status: 404, title: "Not Found")
        case .methodNotAllowed: Entry(status: 405, title: "Method Not Allowed")
        case .notAcceptable: Entry(status: 406, title: "Not Acceptable")
        case .conflict: Entry(status: 409, title: "Conflict")
        case .gone: Entry(status: 410, title: "Gone", members: ["refresh", "disabledMessage"])
        case .preconditionFailed: Entry(status: 412, title: "Precondition Failed")
        case .contentTooLarge: Entry(status: 413, title: "Content Too Large")
        case .unsupportedMediaType: Entry(status: 415, title: "Unsupported Media Type")
        case .unprocessableContent: Entry(status: 422, title: "Unprocessable Content", members: ["field"])
        case .scheduledItemLimitExceeded: Entry(status: 422, title: "Scheduled Item Limit Exceeded", members: ["field", "limit"])
        case .rateLimited: Entry(status: 429, title: "Too Many Requests")
        case .tooManyAccountConnections: Entry(status: 429, title: "Too Many Requests", members: ["limit"], retryAfter: 1)
        case .tooManyStreams: Entry(status: 429, title: "Too Many Requests", members: ["limit"])
        case .requestHeaderFieldsTooLarge: Entry(status: 431, title: "Request Header Fields Too Large")
        case .internalServerError: Entry(status: 500, title: "Internal Server Error")
        case .notImplemented: Entry(status: 501, title: "Not Implemented")
        case .serviceUnavailable: Entry(status: 503, title: "Service Unavailable", retryAfter: 1)
        case .tooManyConnections: Entry(status: 503, title: "Service Unavailable", retryAfter: 1)
        case .storageFull: Entry(status: 503, title: "Storage Full", retryAfter: 60)
        case .storageIOError: Entry(status: 503, title: "Storage I/O Error", retryAfter: 5)
        case .storageTimeout: Entry(status: 503, title: "Storage Timeout", retryAfter: 2)
        case .storageBusy: Entry(status: 503, title: "Storage Busy", retryAfter: 1)
        case .changeFeedLost: Entry(status: 503, title: "Change Feed Lost", retryAfter: 2)
        }
    }
}
