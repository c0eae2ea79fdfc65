import Dispatch
import HTTPServer
import QuickActions
import Sharding
import Storage
import Synchronization

/// One prepared representation of the shortcut list: bytes ready to send, and their ETag.
public final class ShortcutRepresentation: Sendable {
    /// The body, shared by every response that sends it.
    public let body: SharedBytes
    /// The strong ETag, quoted.
    public let etag: String
    /// The version (the ETag without quotes).
    public let version: String
    /// The media type.
    public let contentType: String
    /// The language the titles are in, when a localization was chosen.
    public let language: String?
    /// The 200 answer, and the 304 (the same header fields without Content-Type, no body):
    /// made once and sent by every request that gets this representation (each adds only its
    /// X-Request-Id), so a connection may reuse what it made for them.
    public let response: PreparedResponse
    public let notModified: PreparedResponse

    /// A copy with bytes and header fields of its own (see `ShortcutListCache.representation`).
    func copy() -> ShortcutRepresentation {
        ShortcutRepresentation(body: SharedBytes(body.array), etag: etag, version: version, contentType: contentType, language: language)
    }

    public init(body: SharedBytes, etag: String, version: String, contentType: String, language: String?) {
        self.body = body
        self.etag = etag
        self.version = version
        self.contentType = contentType
        self.language = language
        var headers = Self.validationFields(etag: etag, language: language, capacity: 5)
        notModified = PreparedResponse(status: 304, headers: headers)
        headers.add("Content-Type", contentType)
        response = PreparedResponse(status: 200, headers: headers, body: body)
    }

    /// The header fields a 304 repeats from the 200 (RFC 9110 §15.4.5): the ETag (nil: left to
    /// the caller, see `ShortcutValidator`), Cache-Control, Vary and Content-Language.
    static func validationFields(etag: String?, language: String?, capacity: Int = 4) -> HTTPHeaders {
        var headers = HTTPHeaders(capacity: capacity)
        if let etag { headers.add("ETag", etag) }
        headers.add("Cache-Control", "no-cache")
        headers.add("Vary", "Accept, Accept-Language")
        if let language { headers.add("Content-Language", language) }
        return headers
    }
}
