/// The scheduled items in their list order, and when the list changes: what shows at an
/// instant, the next edge (a `from` or an `until`) after it, and whether a trigger of an item
/// is still accepted.
///
/// Windows are half-open: an item shows from `from` (included) until `until` (excluded), so
/// at an edge the list is the one after it.
public struct ScheduleTimeline: Sendable, Equatable {
    /// How long a device may still show an item after it left the list, by default
    /// (`--stale-window`): its triggers are accepted meanwhile.
    public static let defaultStaleWindow = Duration.seconds(86_400)

    /// The items in list order: by `from`, then `createdAt`, then `id`.
    public let items: [ScheduledItem]

    /// The timeline of `items` (any order).
    public init(_ items: [ScheduledItem]) {
        self.items = items.sorted { ($0.from, $0.createdAt, $0.id) < ($1.from, $1.createdAt, $1.id) }
    }

    /// The items showing at `instant` in the list of `account` (nil: single-account mode), in
    /// list order.
    public func showing(at instant: Timestamp, account: String? = nil) -> [ScheduledItem] {
        items.filter { $0.isShowing(at: instant) && $0.applies(to: account) }
    }

    /// The first `from` or `until` after `instant`, in any account's list; nil when no item
    /// starts or ends after it.
    public func nextEdge(after instant: Timestamp) -> Timestamp? {
        var next: Timestamp?
        for item in items {
            for edge in [item.from, item.until] where edge > instant && next.map({ edge < $0 }) ?? true { next = edge }
        }
        return next
    }

    /// The items that start or end after `start` and at or before `end`: the ones whose
    /// showing changed between the two lists (whose accounts' lists must be made again).
    public func items(changingAfter start: Timestamp, through end: Timestamp) -> [ScheduledItem] {
        items.filter { item in (start < item.from && item.from <= end) || (start < item.until && item.until <= end) }
    }

    /// Whether a trigger of the item with `id`, at `instant`, is accepted (see
    /// `ScheduledTriggerVerdict`). An id the timeline does not hold is `.gone`: a deleted item's
    /// stale window is its disabled item's (`DisabledItem.acceptsTrigger`).
    public func verdict(forTriggerOf id: String, at instant: Timestamp, staleWindow: Duration = defaultStaleWindow) -> ScheduledTriggerVerdict {
        guard let item = items.first(where: { $0.id == id }) else { return .gone }
        if item.isShowing(at: instant) { return .showing }
        if item.until <= instant, instant < item.until.advanced(by: staleWindow) { return .stale(since: item.until) }
        return .gone
    }
}
