import QuickActions

/// A contact as the service sent it (`GET`/`PATCH /contacts/{id}`), with the `ETag` that a
/// conditional edit sends back as `If-Match`.
public struct ContactRecord: Sendable, Equatable {
    /// The contact's id.
    public var id: String
    /// Its name: the title of its quick action.
    public var name: String
    /// Its email, if any: the subtitle of its quick action.
    public var email: String?
    /// Whether it has a quick action.
    public var favorite: Bool
    /// Whether it is pinned: first among the dynamic items, in pin order. False when the
    /// service predates pinning.
    public var pinned: Bool
    /// The answer's `ETag` (quotes included), nil when it carried none.
    public var etag: String?

    /// Creates a record.
    public init(id: String, name: String, email: String? = nil, favorite: Bool, pinned: Bool = false, etag: String? = nil) {
        self.id = id
        self.name = name
        self.email = email
        self.favorite = favorite
        self.pinned = pinned
        self.etag = etag
    }

    /// The contact in a JSON body, or nil when `id`, `name` or `favorite` is missing.
    init?(clientJSON value: JSONValue, etag: String?) {
        guard case .object(let object) = value, let id = object["id"]?.stringValue, let name = object["name"]?.stringValue,
            case .bool(let favorite)? = object["favorite"]
        else { return nil }
        self.init(
            id: id, name: name, email: object["email"]?.stringValue, favorite: favorite, pinned: object["pinned"] == .bool(true), etag: etag)
    }
}
