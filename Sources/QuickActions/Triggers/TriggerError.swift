/// Why a trigger could not be processed. The `description` is the sentence a person reads.
public enum TriggerError: Error, Equatable {
    /// The contact the item names is gone (deleted, or never existed): the item is stale.
    case contactGone(String)
    /// `userInfo.Name` matches `count` contacts, so it names none.
    case ambiguousName(name: String, count: Int)
    /// The type is neither one of the `configured` static types nor `FavoriteAction`.
    case unknownType(String, configured: [String])
    /// A `FavoriteAction` without `userInfo.contactId` or `userInfo.Name`.
    case missingContact
}

extension TriggerError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .contactGone(let detail):
            detail
        case .ambiguousName(let name, let count):
            "\(count) contacts are named '\(name)'; send userInfo.contactId to say which."
        case .unknownType(let type, let configured):
            "Type '\(type)' is neither a configured static type (\(configured.joined(separator: ", "))) nor \(ShortcutItemBuilder.favoriteActionType)."
        case .missingContact:
            "A \(ShortcutItemBuilder.favoriteActionType) needs userInfo.contactId or userInfo.Name."
        }
    }
}
