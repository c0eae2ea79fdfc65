import QuickActions

/// The rules every store applies when it writes a scheduled item, so that the backends agree on
/// revisions and the limit. Each is a pure function of the items as stored: a store reads them in
/// its write transaction (under its lock), asks the rule, and stores what it gives in that same
/// transaction.
package enum ScheduledItemWriteRule {
    /// The stored form of a new item from `draft`: a new id, created at `now`, revision 1. Throws
    /// `scheduledItemLimit` when it would put an account's list past the limit among the stored `items`
    /// (`checkRoom`): nothing may be stored.
    package static func created(_ draft: ScheduledItemDraft, among items: [StoredScheduledItem], at now: Timestamp) throws(StorageError)
        -> ScheduledItem
    {
        try checkRoom(for: draft, among: items, at: now, replacing: nil)
        return ScheduledItem(id: ContactID.generate(at: now), draft: draft, createdAt: now)
    }

    /// What a conditional update of the item `id` to `draft` comes to, among the stored `items`:
    /// `.notFound` when no item not deleted has the id; `.revisionMismatch` when
    /// `expectedRevision` is given and is not the stored revision; `scheduledItemLimit` thrown as
    /// `created` says (in each case nothing may be stored); otherwise `.done`, whose `after` is
    /// the item to store: `draft`'s fields, the same id and creation time, the revision after
    /// `before`'s.
    package static func update(
        id: String, to draft: ScheduledItemDraft, among items: [StoredScheduledItem], expectedRevision: Int64?, at now: Timestamp
    ) throws(StorageError) -> ScheduledItemWriteResult {
        guard let before = items.first(where: { $0.item.id == id && $0.deletedAt == nil })?.item else { return .notFound }
        if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
        try checkRoom(for: draft, among: items, at: now, replacing: id)
        return .done(before: before, after: ScheduledItem(id: id, draft: draft, createdAt: before.createdAt, revision: before.revision + 1))
    }

    /// What a conditional delete of the stored item `before` (nil: no item not deleted has the id)
    /// comes to: `.notFound`, `.revisionMismatch` as `update` says (nothing may be marked), or
    /// `.done`: mark `before` deleted.
    package static func delete(_ before: ScheduledItem?, expectedRevision: Int64?) -> ScheduledItemWriteResult {
        guard let before else { return .notFound }
        if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
        return .done(before: before, after: nil)
    }

    /// Throws `scheduledItemLimit` when `draft` (replacing the item `id`, if given) would put an
    /// account's list past `ScheduledItemValidator.maxItems` items not yet ended at `now`;
    /// deleted items do not count.
    private static func checkRoom(
        for draft: ScheduledItemDraft, among items: [StoredScheduledItem], at now: Timestamp, replacing id: String?
    ) throws(StorageError) {
        do throws(ValidationError) {
            try ScheduledItemValidator.checkRoom(
                for: draft.accounts, among: items.filter { $0.deletedAt == nil }.map(\.item), now: now, replacing: id)
        } catch {
            throw StorageError(
                .scheduledItemLimit, message: "an account's list holds its limit of \(ScheduledItemValidator.maxItems) scheduled items",
                limit: ScheduledItemValidator.maxItems)
        }
    }
}
