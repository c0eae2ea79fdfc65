import QuickActions

/// What a trigger's append stored in its write transaction: the trigger (or the answer it
/// found under the same key; nil while the trigger's row waits for its event id) and the pick
/// it counted. A store hands it from the transaction to what runs after the commit.
package struct CountedTrigger: Sendable {
    /// The trigger's event id, or the answer found; nil until the trigger's row is inserted.
    package var append: TriggerAppend?
    /// The favorite's new usage key, when the append counted a pick.
    package var usage: UsageChange?

    /// Creates a counted append.
    package init(append: TriggerAppend?, usage: UsageChange?) {
        self.append = append
        self.usage = usage
    }

    /// The append, once the write committed (its trigger has its event id).
    package func stored() throws(StorageError) -> TriggerAppend {
        guard let append else { throw StorageError(message: "a trigger's write committed without its row") }
        return append
    }
}

extension UsagePick {
    /// The change the pick makes to `favorite`, the stored sequence and usage key of the
    /// account's favorite with the pick's contact id (nil: the contact is not a favorite of the
    /// account, and nothing is counted): its next key, `UsageScore.afterPick`. Every store reads
    /// the favorite, and writes the key back, in the transaction that stores the trigger. (A pure
    /// function, not one taking the read and the write as closures: on the hot path of
    /// `POST /trigger` their contexts cost two allocations per pick.)
    package func change(of favorite: (sequence: Int64, usageKey: Double?)?) -> UsageChange? {
        guard let favorite else { return nil }
        let previous = favorite.usageKey.flatMap(UsageScore.init(key:))
        return UsageChange(sequence: favorite.sequence, usageKey: UsageScore.afterPick(at: at, previous: previous, halfLife: halfLife).key)
    }
}
