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

/// A partial update: nil leaves a field as it is.
public struct ContactPatch: Sendable, Equatable {
    /// New name.
    public var name: String?
    /// New email: `.some(nil)` clears it.
    public var email: String??
    /// New favorite flag.
    public var favorite: Bool?

    /// Creates a patch.
    public init(name: String? = nil, email: String?? = nil, favorite: Bool? = nil) {
        self.name = name
        self.email = email
        self.favorite = favorite
    }

    /// Applies the patch to `contact` (timestamps and revision are the store's job).
    public func applied(to contact: Contact) -> Contact {
        var changed = contact
        if let name { changed.name = name }
        if let email { changed.email = email }
        if let favorite { changed.favorite = favorite }
        return changed
    }
}

/// A page request over the contacts, in creation order.
public struct ContactQuery: Sendable, Equatable {
    /// Substring of name or email, matched case- and diacritic-insensitively.
    public var text: String?
    /// Only favorites (true) or only non-favorites (false).
    public var favorite: Bool?
    /// Page size.
    public var limit: Int
    /// Return contacts created after this sequence number.
    public var after: Int64?

    /// Creates a query.
    public init(text: String? = nil, favorite: Bool? = nil, limit: Int = 100, after: Int64? = nil) {
        self.text = text
        self.favorite = favorite
        self.limit = limit
        self.after = after
    }

    /// False when the text has a control character: names and emails never do (and U+001F
    /// separates them in the search key), so such a search matches nothing in any store.
    public var canMatch: Bool {
        !(text?.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } ?? false)
    }

    /// Whether `contact` passes the text and favorite filters (not the page bounds).
    public func matches(_ contact: Contact) -> Bool {
        guard canMatch else { return false }
        if let favorite, contact.favorite != favorite { return false }
        if let text, !text.isEmpty {
            return SearchFolding.contains(SearchFolding.key(name: contact.name, email: contact.email), SearchFolding.fold(text))
        }
        return true
    }
}

/// One page of contacts.
public struct ContactPage: Sendable, Equatable {
    /// The contacts on this page, in creation order.
    public var contacts: [Contact]
    /// How many contacts match the filters in all pages.
    public var total: Int
    /// Sequence to continue after, when there is a next page.
    public var nextAfter: Int64?

    /// Creates a page.
    public init(contacts: [Contact], total: Int, nextAfter: Int64?) {
        self.contacts = contacts
        self.total = total
        self.nextAfter = nextAfter
    }
}
