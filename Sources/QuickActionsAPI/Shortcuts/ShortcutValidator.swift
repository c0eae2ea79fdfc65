import HTTPServer
import Sharding

/// What a revalidation needs of one rendered representation of a list: which one it is and its
/// ETag, about a hundred bytes against the list's kilobytes. Kept for accounts whose lists left
/// the cache (see `AccountShortcutLists`).
public struct ShortcutValidator: Sendable {
    /// The representation.
    public let key: ShortcutRepresentationKey
    /// Its strong ETag, quoted.
    public let etag: String
    /// The 304's other header fields, shared by every representation in its language. Held
    /// without a reference count: every validator of a language copied out of the cache and
    /// dropped would otherwise change the one shared object's count from both HTTP threads.
    private let fields: PermanentReference<ShortcutResponseFields>

    /// The validator of `representation`, rendered for `key`.
    init(key: ShortcutRepresentationKey, of representation: ShortcutRepresentation) {
        self.key = key
        etag = representation.etag
        fields = representation.permanentFields
    }

    /// The 304 answer to a request whose `If-None-Match` names `etag`: what the representation's
    /// own `notModified` answers.
    public var notModified: HTTPResponse {
        fields.withObject { $0.notModified(etag: etag) }
    }
}
