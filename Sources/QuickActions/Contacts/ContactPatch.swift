/// A partial update: nil leaves a field as it is.
public struct ContactPatch: Sendable, Equatable {
    /// New name.
    public var name: String?
    /// New email: `.some(nil)` clears it.
    public var email: String??
    /// New favorite flag. Unfavoriting also unpins.
    public var favorite: Bool?
    /// Pin (true: last among the pinned, unless pinned already) or unpin (false). Only a
    /// favorite can be pinned (`checkPinning`).
    public var pinned: Bool?

    /// Creates a patch.
    public init(name: String? = nil, email: String?? = nil, favorite: Bool? = nil, pinned: Bool? = nil) {
        self.name = name
        self.email = email
        self.favorite = favorite
        self.pinned = pinned
    }

    /// Applies the patch to `contact` (timestamps, revision and pin order are the store's job).
    ///
    /// A contact that ends up not a favorite, or that the patch unpins, is unpinned. One the
    /// patch pins keeps its place when it is pinned already; otherwise it takes `newPinOrder`,
    /// which the store must give whenever `pinsAnew(contact)`: one more than any pin order the
    /// account gave before, so that it comes last among the pinned.
    public func applied(to contact: Contact, newPinOrder: Int64? = nil) -> Contact {
        assert(newPinOrder != nil || !pinsAnew(contact), "a patch that pins anew needs the account's next pin order")
        var changed = contact
        if let name { changed.name = name }
        if let email { changed.email = email }
        if let favorite { changed.favorite = favorite }
        if !changed.favorite || pinned == false {
            changed.pinOrder = nil
        } else if pinned == true, changed.pinOrder == nil {
            changed.pinOrder = newPinOrder
        }
        return changed
    }

    /// Whether applying the patch to `contact` pins it when it was not pinned: then the store
    /// draws the account's next pin order for `applied(to:newPinOrder:)`.
    public func pinsAnew(_ contact: Contact) -> Bool {
        pinned == true && contact.pinOrder == nil && (favorite ?? contact.favorite)
    }

    /// Throws, naming `pinned`, when the patch pins a contact that would not be a favorite
    /// after it (HTTP 422).
    public func checkPinning(of contact: Contact) throws(ValidationError) {
        guard pinned == true, !(favorite ?? contact.favorite) else { return }
        throw ValidationError(
            field: "pinned",
            message: "Only a favorite can be pinned: make the contact a favorite first, or send \"favorite\": true with \"pinned\": true.")
    }
}
