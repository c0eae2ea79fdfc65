import HTTPServer

/// What a revalidation needs of one rendered representation of a list: which one it is, its
/// ETag and the language its titles are in. A few dozen bytes, against the kilobytes of the
/// list: kept for accounts whose lists left the cache (see `AccountShortcutLists`).
public struct ShortcutValidator: Sendable {
    /// The representation.
    public let key: ShortcutRepresentationKey
    /// Its strong ETag, quoted.
    public let etag: String
    /// Its `Content-Language`, when a localization was chosen.
    public let language: String?

    /// The 304 answer to a request whose `If-None-Match` names `etag`: the header fields the
    /// 200 would carry, without Content-Type and body (RFC 9110 §15.4.5).
    public var notModified: PreparedResponse {
        ShortcutRepresentation.notModified(etag: etag, language: language)
    }
}
