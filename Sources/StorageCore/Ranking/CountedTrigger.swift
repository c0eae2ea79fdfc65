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
    /// Counts the pick in the use score of its contact when that is one of the account's
    /// favorites, in the caller's transaction: `favorite` reads the favorite's sequence and stored
    /// usage key (nil: the contact is not a favorite of the account), `store` writes the new key
    /// (`UsageScore.afterPick`). Returns the change, nil when nothing was counted.
    @inlinable
    package func count<Failure: Error>(
        favorite: (_ contactId: String) throws(Failure) -> (sequence: Int64, usageKey: Double?)?,
        store: (UsageChange) throws(Failure) -> Void
    ) throws(Failure) -> UsageChange? {
        guard let found = try favorite(contactId) else { return nil }
        let previous = found.usageKey.flatMap(UsageScore.init(key:))
        let change = UsageChange(sequence: found.sequence, usageKey: UsageScore.afterPick(at: at, previous: previous, halfLife: halfLife).key)
        try store(change)
        return change
    }
}
