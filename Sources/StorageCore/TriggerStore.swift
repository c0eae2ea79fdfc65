import QuickActions

/// Where accepted triggers and idempotency answers live. Both are written in one
/// transaction, so a retry after a crash either finds the answer or finds nothing recorded.
public protocol TriggerStore: Sendable {
    /// Stores `record` and, when given, `answer` atomically and durably. Returns the answer
    /// already stored under the same key instead (and stores nothing) if another request won.
    /// For an account deleted meanwhile it stores nothing and fails with
    /// `StorageError.Cause.accountDeleted`.
    func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer?
    /// The answer stored under `key`, if any (regardless of age; purge removes old ones).
    func answer(forKey key: String) throws(StorageError) -> StoredAnswer?
    /// Triggers newest first, filtered by type and contact.
    func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord]
    /// Counts per type and per contact.
    func stats() throws(StorageError) -> TriggerStats
    /// Deletes answers stored before `cutoff`; returns how many.
    @discardableResult
    func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int
    /// Deletes at most `limit` answers stored before `cutoff`, oldest first, in one short
    /// write; returns how many (fewer than `limit`: none older is left).
    func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int
    /// Deletes at most `limit` triggers received before `cutoff`, oldest first, in one short
    /// write; returns how many (fewer than `limit`: none older is left).
    func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int
    /// How many answers and triggers are stored now (the `/metrics` gauges).
    func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int)
    /// Deletes at most `limit` disabled items (contacts' disabled items) older than `cutoff`, oldest
    /// first, in one short write; returns how many (fewer than `limit`: none older is left).
    /// Whole store. Lists do not hold disabled items (`ContactRepository.disabledItems` is read when
    /// asked), so nothing is told.
    func purgeDisabled(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int
    /// How many disabled items (disabled items) are stored now (the `/metrics` gauge). Whole store.
    func disabledCount() throws(StorageError) -> Int

    // The trigger log behind `Last-Event-ID`: one sequence of event ids, shared by triggers
    // and the `shortcuts` events that `reserveEventID` numbers. Ids are given in commit order:
    // a read that sees a trigger sees every trigger with a lower id that is ever stored, so the
    // log never gains an id below one already read (see docs/scaling.md, "Event ids").

    /// Stores as `record(_:answer:)` does, and says the trigger's event id. With a `pick`, the
    /// same transaction counts it in the contact's use score when the contact is a favorite of
    /// the account (a replay, which stores nothing, counts nothing), and the new usage key is
    /// published on the store's contact changes after the commit (`ContactChange.usage`).
    func append(_ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?) throws(StorageError) -> TriggerAppend
    /// `append(_:answer:pick:)`, calling `completion` once the write is durable (or failed), after
    /// the change it publishes. Stores that batch writes call it later, from their committing
    /// thread, and hold no caller's thread meanwhile.
    func append(
        _ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?,
        completion: @escaping @Sendable (Result<TriggerAppend, StorageError>) -> Void)
    /// The triggers after event id `id`, oldest first, at most `limit`; nil when the log no
    /// longer holds all of them (some were purged) or `id` was never given.
    func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]?
    /// Every account's triggers after event id `id` and, when `end` is given, before it, oldest
    /// first, at most `limit`, each with its account: what the event streams are sent (whole store).
    func loggedTriggers(after id: Int64, before end: Int64?, limit: Int) throws(StorageError) -> [AccountLoggedTrigger]
    /// A new event id from the triggers' sequence, given to no trigger, before or after. Every
    /// trigger with a lower id is stored when it returns (or never will be), and every trigger
    /// stored after it has a higher id: a place in the log between two triggers.
    func reserveEventID() throws(StorageError) -> Int64
}

extension TriggerStore {
    /// Stores as `record(_:answer:)` does, and says the trigger's event id (no pick counted).
    public func append(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> TriggerAppend {
        try append(record, answer: answer, pick: nil)
    }

    /// Appends synchronously and completes at once.
    public func append(
        _ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?,
        completion: @escaping @Sendable (Result<TriggerAppend, StorageError>) -> Void
    ) {
        completion(Result { () throws(StorageError) in try append(record, answer: answer, pick: pick) })
    }
}
