import Dispatch
import HTTPServer
import QuickActions
import Sharding
import StorageCore
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
    /// The header fields but the ETag, shared by every representation of this media type and language.
    let fields: ShortcutResponseFields
    /// The same fields, for validators to hold without counting references (they are never freed).
    let permanentFields: PermanentReference<ShortcutResponseFields>
    /// The 200 and the 304 made once and sent by every request that gets this representation
    /// (each adds only its X-Request-Id), so a connection may reuse what it made for them; nil
    /// for a representation served a few times only (an account's, see `AccountShortcutList`):
    /// its answers are then made per request from the shared fields, with no header fields of
    /// its own.
    private let prepared: (ok: PreparedResponse, notModified: PreparedResponse)?

    /// A copy with bytes and header fields of its own (see `AccountShortcutList.versioned`).
    func copy() -> ShortcutRepresentation {
        ShortcutRepresentation(
            body: SharedBytes(body.array), etag: etag, version: version, contentType: contentType, language: language,
            prepared: prepared != nil)
    }

    /// A representation of `body`; `prepared`: whether its 200 is made once (see `response`).
    public init(body: SharedBytes, etag: String, version: String, contentType: String, language: String?, prepared: Bool = true) {
        self.body = body
        self.etag = etag
        self.version = version
        self.contentType = contentType
        self.language = language
        permanentFields = ShortcutResponseFields.shared(contentType: contentType, language: language)
        fields = permanentFields.object
        if prepared {
            var headers = fields.template.headers
            headers.add("ETag", etag)
            let notModified = PreparedResponse(status: 304, headers: headers)
            headers = fields.ok
            headers.add("ETag", etag)
            self.prepared = (PreparedResponse(status: 200, headers: headers, body: body), notModified)
        } else {
            self.prepared = nil
        }
    }

    /// The 200 answer.
    public var response: HTTPResponse {
        if let prepared { return HTTPResponse(prepared.ok) }
        var response = HTTPResponse(status: 200, headers: fields.ok, body: .shared(body))
        response.variableField = ("ETag", etag)
        return response
    }

    /// The 304 answer: the header fields the 200 carries, without Content-Type and body (RFC
    /// 9110 §15.4.5). Unprepared, every representation in one language shares one prepared
    /// response whose variable field is the ETag, so a connection revalidating one account's
    /// list after another's reuses what it made for the first.
    public var notModified: HTTPResponse {
        if let prepared { return HTTPResponse(prepared.notModified) }
        return fields.notModified(etag: etag)
    }

    /// The header fields a 304 repeats from the 200 (RFC 9110 §15.4.5) but the ETag:
    /// Cache-Control, Vary and Content-Language.
    static func validationFields(language: String?, capacity: Int = 4) -> HTTPHeaders {
        var headers = HTTPHeaders(capacity: capacity)
        headers.add("Cache-Control", "no-cache")
        headers.add("Vary", "Accept, Accept-Language")
        if let language { headers.add("Content-Language", language) }
        return headers
    }
}

/// The header fields of a list's 200 and 304 but the ETag, made once per media type and
/// language (a handful: the catalog's languages, JSON and property list).
///
/// Each HTTP thread answers with copies of its own (`HTTPThreads.rows`): every account's
/// response holds these fields, so one shared copy would have its reference count changed by
/// both threads on every request, passing its cache line between the cores each time.
final class ShortcutResponseFields: Sendable {
    /// The 200's fields but the ETag, per HTTP thread.
    private let okRows: PerThreadReplica<HTTPHeaders>
    /// The 304's fields but the ETag, prepared once per HTTP thread (a connection stays on one
    /// thread, so it reuses what it made for its thread's template).
    private let templateRows: PerThreadReplica<PreparedResponse>

    private init(contentType: String, language: String?) {
        let validation = ShortcutRepresentation.validationFields(language: language, capacity: 5)
        var ok = validation
        ok.add("Content-Type", contentType)
        // A new array per row (`map`): rows sharing one array's storage would share its count.
        okRows = PerThreadReplica(rows: HTTPThreads.rows) { _ in HTTPHeaders(ok.fields.map { $0 }) }
        templateRows = PerThreadReplica(rows: HTTPThreads.rows) { _ in
            PreparedResponse(status: 304, headers: HTTPHeaders(validation.fields.map { $0 }))
        }
    }

    /// The 200's fields but the ETag (the calling thread's copy).
    var ok: HTTPHeaders { okRows.current }

    /// The 304's fields but the ETag, prepared (the calling thread's copy).
    var template: PreparedResponse { templateRows.current }

    /// The 304 for `etag`, made from the calling thread's template.
    func notModified(etag: String) -> HTTPResponse {
        var response = HTTPResponse(template)
        response.variableField = ("ETag", etag)
        return response
    }

    private struct Key: Hashable {
        let contentType: String
        let language: String?
    }

    /// Every one made, kept for the life of the process (validators hold them unretained).
    private static let made = Mutex<[Key: PermanentReference<ShortcutResponseFields>]>([:])

    /// The fields of `contentType` in `language`, made on first use and never freed.
    static func shared(contentType: String, language: String?) -> PermanentReference<ShortcutResponseFields> {
        let key = Key(contentType: contentType, language: language)
        return made.withLock { made in
            if let fields = made[key] { return fields }
            let fields = PermanentReference(keepingForever: ShortcutResponseFields(contentType: contentType, language: language))
            made[key] = fields
            return fields
        }
    }
}
