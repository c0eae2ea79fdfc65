/// A favorite's place under a `DynamicOrder`: one key sorts before another exactly when its
/// favorite comes first. Made by `DynamicOrder.sortKey(for:)`.
///
/// Compared member by member: the group (pinned, scored, the rest), then the member that
/// orders the group (pin order; usage key, highest first; folded name), then the creation
/// sequence, which is unique in an account and makes every key distinct.
public struct DynamicSortKey: Sendable, Hashable, Comparable {
    /// Pinned favorites, then scored ones, then the others.
    private let group: UInt8
    /// The pin order, in the pinned group; 0 otherwise.
    private let pinOrder: Int64
    /// The usage key negated (highest key first), in the scored group; 0 otherwise.
    private let negatedUsageKey: Double
    /// The folded name, in the named group; empty otherwise.
    private let foldedName: String
    /// The creation sequence: ties broken by creation.
    public let sequence: Int64

    init(pinOrder: Int64, sequence: Int64) {
        self.init(group: 0, pinOrder: pinOrder, negatedUsageKey: 0, foldedName: "", sequence: sequence)
    }

    init(score: UsageScore, sequence: Int64) {
        self.init(group: 1, pinOrder: 0, negatedUsageKey: -score.key, foldedName: "", sequence: sequence)
    }

    init(foldedName: String, sequence: Int64) {
        self.init(group: 2, pinOrder: 0, negatedUsageKey: 0, foldedName: foldedName, sequence: sequence)
    }

    init(createdSequence sequence: Int64) {
        self.init(group: 2, pinOrder: 0, negatedUsageKey: 0, foldedName: "", sequence: sequence)
    }

    private init(group: UInt8, pinOrder: Int64, negatedUsageKey: Double, foldedName: String, sequence: Int64) {
        self.group = group
        self.pinOrder = pinOrder
        self.negatedUsageKey = negatedUsageKey
        self.foldedName = foldedName
        self.sequence = sequence
    }

    /// Whether the favorite of `lhs` comes before that of `rhs`.
    public static func < (lhs: DynamicSortKey, rhs: DynamicSortKey) -> Bool {
        if lhs.group != rhs.group { return lhs.group < rhs.group }
        if lhs.pinOrder != rhs.pinOrder { return lhs.pinOrder < rhs.pinOrder }
        if lhs.negatedUsageKey != rhs.negatedUsageKey { return lhs.negatedUsageKey < rhs.negatedUsageKey }
        if lhs.foldedName != rhs.foldedName { return lhs.foldedName < rhs.foldedName }
        return lhs.sequence < rhs.sequence
    }
}
