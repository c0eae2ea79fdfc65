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
