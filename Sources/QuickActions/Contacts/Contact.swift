/// A person in the contact list, as Apple's quick-actions sample keeps them.
public struct Contact: Sendable, Equatable, Hashable {
    /// Opaque, stable identifier.
    public var id: String
    /// Display name; also the title of the contact's dynamic quick action.
    public var name: String
    /// Email address, if known; the subtitle of the contact's quick action.
    public var email: String?
    /// Whether the contact has a dynamic quick action.
    public var favorite: Bool
    /// When the contact was created.
    public var createdAt: Timestamp
    /// When the contact last changed.
    public var updatedAt: Timestamp
    /// Increases with every change; the basis of the contact's ETag.
    public var revision: Int64
    /// Creation order: larger is newer. Not part of the public representation.
    public var sequence: Int64

    /// Creates a contact.
    public init(
        id: String, name: String, email: String?, favorite: Bool, createdAt: Timestamp, updatedAt: Timestamp,
        revision: Int64 = 1, sequence: Int64
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.favorite = favorite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.revision = revision
        self.sequence = sequence
    }
}
