import QuickActions

/// The limit on scheduled items as every store checks it, in its write transaction.
package enum ScheduledItemRoom {
    /// Throws `scheduledItemLimit` when `draft` (replacing the item `id`, if given) would put an
    /// account's list past `ScheduledItemValidator.maxItems` items not yet ended at `now`;
    /// deleted items do not count.
    package static func check(
        for draft: ScheduledItemDraft, among items: [StoredScheduledItem], now: Timestamp, replacing id: String?
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
