import StorageCore

/// Whose lists a change of the scheduled items changed: every account's, or those listed.
public struct ScheduleChange: Sendable, Equatable {
    /// The accounts whose lists changed; nil for every account.
    public let accounts: Set<AccountKey>?

    /// Whether `account`'s list changed.
    public func affects(_ account: AccountKey) -> Bool {
        accounts?.contains(account) ?? true
    }

    /// Whether no list changed.
    public var isEmpty: Bool {
        accounts?.isEmpty ?? false
    }
}
