/// Usage counts: what Android's `reportShortcutUsed` would record.
public struct TriggerStats: Sendable, Equatable {
    /// Accepted triggers in all.
    public var total: Int
    /// Count per type.
    public var byType: [String: Int]
    /// Count per resolved contact id.
    public var byContact: [String: Int]

    /// Creates stats.
    public init(total: Int, byType: [String: Int], byContact: [String: Int]) {
        self.total = total
        self.byType = byType
        self.byContact = byContact
    }
}
