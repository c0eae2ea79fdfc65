import HTTPServer

/// What a revalidation needs of one rendered representation of a list: which one it is, its
/// ETag and its prepared 304. Kept for accounts whose lists left the cache (see
/// `AccountShortcutLists`): the 304 the representation had made is kept, the rest of the list
/// (its items, its bytes, the 200) is freed.
public struct ShortcutValidator: Sendable {
    /// The representation.
    public let key: ShortcutRepresentationKey
    /// Its strong ETag, quoted.
    public let etag: String
    /// The 304 answer to a request whose `If-None-Match` names `etag`: the header fields the
    /// 200 carries, without Content-Type and body (RFC 9110 §15.4.5), sent by every such request.
    public let notModified: PreparedResponse
}
