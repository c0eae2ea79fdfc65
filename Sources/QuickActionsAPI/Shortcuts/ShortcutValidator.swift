import HTTPServer

/// What a revalidation needs of one rendered representation of a list: which one it is and its
/// ETag, about a hundred bytes against the list's kilobytes. Kept for accounts whose lists left
/// the cache (see `AccountShortcutLists`).
public struct ShortcutValidator: Sendable {
    /// The representation.
    public let key: ShortcutRepresentationKey
    /// Its strong ETag, quoted.
    public let etag: String
    /// The 304's other header fields, shared by every validator in the representation's language.
    let template: PreparedResponse

    /// The 304 answer to a request whose `If-None-Match` names `etag`: the header fields the 200
    /// carries, without Content-Type and body (RFC 9110 §15.4.5). The ETag is the response's
    /// variable field, so a connection revalidating one list after another reuses one response.
    public var notModified: HTTPResponse {
        var response = HTTPResponse(template)
        response.variableField = ("ETag", etag)
        return response
    }

    /// The header fields of a 304 in `language`, but the ETag.
    static func template(language: String?) -> PreparedResponse {
        PreparedResponse(status: 304, headers: ShortcutRepresentation.validationFields(etag: nil, language: language))
    }
}
