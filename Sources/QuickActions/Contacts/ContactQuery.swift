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
