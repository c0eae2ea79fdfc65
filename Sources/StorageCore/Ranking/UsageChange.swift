/// A favorite's new usage key after an accepted pick: all a trigger changes of a contact. Its
/// JSON, revision and ETag stay as they were (the key is not part of the representation).
public struct UsageChange: Sendable, Equatable {
    /// The contact's creation sequence (how the lists find it).
    public var sequence: Int64
    /// Its new usage key (`UsageScore.key`).
    public var usageKey: Double

    /// Creates a change.
    public init(sequence: Int64, usageKey: Double) {
        self.sequence = sequence
        self.usageKey = usageKey
    }
}
