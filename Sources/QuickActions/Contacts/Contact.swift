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
    /// When pinned, its place among the pinned favorites: the account's pin sequence when it
    /// was pinned, so smaller was pinned earlier; nil when not pinned. Only favorites are pinned
    /// (`ContactPatch.checkPinning`). The representation shows `pinned`, not this number.
    public var pinOrder: Int64?
    /// The usage key of its item's accepted picks (`UsageScore.key`), nil when never picked.
    /// Not part of the public representation.
    public var usageKey: Double?

    /// Creates a contact.
    public init(
        id: String, name: String, email: String?, favorite: Bool, createdAt: Timestamp, updatedAt: Timestamp,
        revision: Int64 = 1, sequence: Int64, pinOrder: Int64? = nil, usageKey: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.email = email
        self.favorite = favorite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.revision = revision
        self.sequence = sequence
        self.pinOrder = pinOrder
        self.usageKey = usageKey
    }

    /// Whether it is pinned (comes first among the dynamic items).
    public var pinned: Bool { pinOrder != nil }
}
