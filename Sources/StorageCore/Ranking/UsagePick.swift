import QuickActions

/// An accepted pick of a favorite's item, counted in the contact's use score (`UsageScore`) by
/// the transaction that records the trigger (`TriggerStore.append(_:answer:pick:)`).
public struct UsagePick: Sendable, Equatable {
    /// The contact the item names.
    public var contactId: String
    /// When the pick was received.
    public var at: Timestamp
    /// The half-life of the score (`--usage-half-life`).
    public var halfLife: UsageHalfLife

    /// Creates a pick.
    public init(contactId: String, at: Timestamp, halfLife: UsageHalfLife) {
        self.contactId = contactId
        self.at = at
        self.halfLife = halfLife
    }
}
