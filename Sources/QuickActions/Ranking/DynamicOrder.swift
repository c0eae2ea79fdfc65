/// How the favorites are ordered among the dynamic items (`--dynamic-order`). In every order
/// the pinned favorites come first, in the order they were pinned (`Contact.pinOrder`); the
/// order then decides the others:
/// - `usage` (the default): by use score, highest first (`UsageScore`, compared by key; equal
///   keys by creation), then the favorites never picked, in creation order;
/// - `created`: in creation order (with nothing pinned, the order of every earlier version);
/// - `name`: by name, ignoring case and diacritics (`SearchFolding`), equal names by creation.
///
/// Every favorite has one place: `sortKey(for:)` is unique per contact of an account (it ends
/// with the creation sequence), so a cache that keeps the favorites sorted by key finds an
/// entry, and where a changed one goes, by binary search (`insertionIndex(of:by:)`).
public enum DynamicOrder: String, Sendable, CaseIterable {
    /// Pinned, then by use score, then never picked by creation.
    case usage
    /// Pinned, then by creation.
    case created
    /// Pinned, then by folded name.
    case name

    /// The order when none is configured.
    public static let `default` = DynamicOrder.usage

    /// Where `contact` goes: ascending keys are the list's order.
    public func sortKey(for contact: Contact) -> DynamicSortKey {
        if let pinOrder = contact.pinOrder { return DynamicSortKey(pinOrder: pinOrder, sequence: contact.sequence) }
        switch self {
        case .usage:
            if let score = contact.usageKey.flatMap(UsageScore.init(key:)) {
                return DynamicSortKey(score: score, sequence: contact.sequence)
            }
            return DynamicSortKey(createdSequence: contact.sequence)
        case .created:
            return DynamicSortKey(createdSequence: contact.sequence)
        case .name:
            return DynamicSortKey(foldedName: SearchFolding.fold(contact.name), sequence: contact.sequence)
        }
    }

    /// `favorites` in this order.
    public func sorted(_ favorites: [Contact]) -> [Contact] {
        favorites.map { (key: sortKey(for: $0), contact: $0) }.sorted { $0.key < $1.key }.map(\.contact)
    }

    /// Why `contact`, at `index` among the favorites in this order, is there: for `explain`.
    /// A pinned favorite's place among the pinned is `index + 1` (they come first).
    public func reason(for contact: Contact, at index: Int, now: Timestamp, halfLife: UsageHalfLife) -> DynamicOrderReason {
        if contact.pinOrder != nil { return .pinned(place: index + 1) }
        switch self {
        case .usage:
            guard let score = contact.usageKey.flatMap(UsageScore.init(key:)) else { return .created }
            return .score(score.value(at: now, halfLife: halfLife))
        case .created: return .created
        case .name: return .name
        }
    }

    /// The reason of each of `favorites`, which are in this order (`sorted(_:)`).
    public func reasons(for favorites: [Contact], now: Timestamp, halfLife: UsageHalfLife) -> [DynamicOrderReason] {
        favorites.enumerated().map { reason(for: $1, at: $0, now: now, halfLife: halfLife) }
    }
}
