import QuickActions

/// Where the scheduled items live: one list for the whole store (an item names the accounts it
/// applies to, or none for every account). Every implementation passes the same contract tests.
///
/// A deleted item is kept, marked with its deletion time, until `purge` removes it: a device may
/// still show it (its trigger is accepted for the stale window, and it is listed as disabled for
/// the disabled-items retention), as an item whose window ended is.
public protocol ScheduledItemStore: Sendable {
    /// Stores a new item from a validated `draft`, with a new id, `createdAt` `now` and revision 1.
    /// The room (`ScheduledItemValidator.checkRoom`) is checked against the stored items in the
    /// transaction that inserts, so that no concurrent create (of this process or another) gets
    /// past the limit: past it, nothing is stored and the create fails with
    /// `StorageError.Cause.scheduledItemLimit`.
    func create(_ draft: ScheduledItemDraft, now: Timestamp) throws(StorageError) -> ScheduledItem
    /// The item with `id`, unless it was deleted.
    func get(id: String) throws(StorageError) -> ScheduledItem?
    /// Every item not purged, deleted ones included, in creation order.
    func all() throws(StorageError) -> [StoredScheduledItem]
    /// Replaces the item's fields by the validated `draft` when the stored revision equals
    /// `expectedRevision` (or always when nil), checking the room as `create` does.
    func update(id: String, to draft: ScheduledItemDraft, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult
    /// Marks the item deleted at `now` when the stored revision equals `expectedRevision` (or
    /// always when nil).
    func delete(id: String, expectedRevision: Int64?, now: Timestamp) throws(StorageError) -> ScheduledItemWriteResult
    /// Removes the items that left the list (ended or deleted) before `cutoff`; returns how many.
    func purge(leftBefore cutoff: Timestamp) throws(StorageError) -> Int
    /// Writes of other processes sharing the store (never this process's own).
    var remoteChanges: ScheduledItemChangeFeed { get }
}
