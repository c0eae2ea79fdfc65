import QuickActions

/// The result of a conditional write of a scheduled item.
public enum ScheduledItemWriteResult: Sendable, Equatable {
    /// Done: the item before and after (after is nil for a delete).
    case done(before: ScheduledItem, after: ScheduledItem?)
    /// No item has that id (or it was deleted).
    case notFound
    /// The item's revision is not the one the caller expected: nothing changed.
    case revisionMismatch(current: ScheduledItem)
}
