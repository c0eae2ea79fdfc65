/// Bounds every store keeps in the transactions of its writes, the same on every backend.
public struct StoreLimits: Sendable, Equatable {
    /// The default of `maxDisabledItems` (`--max-disabled-items`).
    public static let defaultMaxDisabledItems = 100
    /// The limits a store has unless told otherwise.
    public static let standard = StoreLimits()

    /// Most disabled items (favorites' disabled items) one account keeps, at least 1. A write that
    /// keeps one more deletes the account's oldest past this number in its own transaction, so
    /// the newest are kept; reads list at most this many, the newest.
    public let maxDisabledItems: Int

    /// Limits with at most `maxDisabledItems` disabled items per account (at least 1).
    public init(maxDisabledItems: Int = Self.defaultMaxDisabledItems) {
        self.maxDisabledItems = max(1, maxDisabledItems)
    }
}
