/// The fields of a contact to create, already validated.
public struct NewContact: Sendable, Equatable {
    /// Display name.
    public var name: String
    /// Email address or nil.
    public var email: String?
    /// Whether it starts as a favorite.
    public var favorite: Bool

    /// Creates a draft.
    public init(name: String, email: String? = nil, favorite: Bool = false) {
        self.name = name
        self.email = email
        self.favorite = favorite
    }
}
