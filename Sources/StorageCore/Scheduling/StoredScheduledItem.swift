import QuickActions

/// A scheduled item as stored: the item, and when it was deleted (nil: it was not).
public struct StoredScheduledItem: Sendable, Equatable {
    /// The item.
    public var item: ScheduledItem
    /// When it was deleted; nil while it is not.
    public var deletedAt: Timestamp?

    /// Creates a stored item.
    public init(item: ScheduledItem, deletedAt: Timestamp? = nil) {
        self.item = item
        self.deletedAt = deletedAt
    }

    /// When it left (or leaves) the list: its `until`, or its deletion when earlier.
    public var leftAt: Timestamp {
        guard let deletedAt, deletedAt < item.until else { return item.until }
        return deletedAt
    }

    /// Whether it was ever in a list: it was not deleted before its window began.
    public var wasShown: Bool {
        deletedAt.map { $0 > item.from } ?? true
    }

    /// Whether a trigger of it at `instant` is accepted: while it shows, and for `staleWindow`
    /// after it left the list; never before `from`, nor for an item deleted before it showed.
    public func acceptsTrigger(at instant: Timestamp, staleWindow: Duration) -> Bool {
        guard deletedAt != nil else {
            return ScheduleTimeline([item]).verdict(forTriggerOf: item.id, at: instant, staleWindow: staleWindow).isAccepted
        }
        return wasShown && item.from <= instant && instant < leftAt.advanced(by: staleWindow)
    }

    /// Its disabled item once it left the list, at `instant`: nil while it shows or before, and
    /// for an item deleted before it showed.
    public func disabledItem(at instant: Timestamp) -> DisabledItem? {
        guard wasShown, leftAt <= instant else { return nil }
        return DisabledItem.ended(item, since: leftAt)
    }

    /// The table the stores keep the items in, as `UndecodableRow` names it.
    package static let table = "scheduled_items"

    /// Reads back an item from its stored columns (texts, icon, userInfo and accounts as JSON
    /// text, times in ms read as instants, never as text), so that the backends agree; an
    /// `UndecodableRow` when a column does not read, or a time is outside the years 0001–9999.
    package static func decode(
        id: String, type: String, title: String, subtitle: String?, icon: String?, userInfo: String?, fromMilliseconds: Int64,
        untilMilliseconds: Int64, accounts: String?, createdMilliseconds: Int64, revision: Int64, deletedMilliseconds: Int64?
    ) -> Result<StoredScheduledItem, UndecodableRow> {
        func undecodable(_ reason: String) -> Result<StoredScheduledItem, UndecodableRow> {
            .failure(UndecodableRow(table: table, id: id, reason: reason))
        }
        var body: [String: JSONValue] = ["type": .string(type)]
        for (field, text) in [("title", title), ("subtitle", subtitle), ("icon", icon), ("userInfo", userInfo), ("accounts", accounts)] {
            guard let text else { continue }
            guard let value = try? JSONParser.parse(text) else { return undecodable("stored \(field) is not JSON") }
            body[field] = value
        }
        let times = (
            Timestamp.stored(fromMilliseconds, column: "from_ms", table: table, id: id),
            Timestamp.stored(untilMilliseconds, column: "until_ms", table: table, id: id),
            Timestamp.stored(createdMilliseconds, column: "created_ms", table: table, id: id)
        )
        let from: Timestamp
        let until: Timestamp
        let created: Timestamp
        switch times {
        case (.success(let f), .success(let u), .success(let c)): (from, until, created) = (f, u, c)
        case (.failure(let error), _, _), (_, .failure(let error), _), (_, _, .failure(let error)): return .failure(error)
        }
        let draft: ScheduledItemDraft
        do throws(ValidationError) {
            draft = try ScheduledItemDraft(json: body, from: from, until: until)
        } catch {
            return undecodable("stored \(error.field) does not read: \(error.message)")
        }
        let item = ScheduledItem(id: id, draft: draft, createdAt: created, revision: revision)
        return .success(StoredScheduledItem(item: item, deletedAt: deletedMilliseconds.map(Timestamp.init(millisecondsSince1970:))))
    }

    /// The JSON text of each column `decode` reads back: title, subtitle, icon, userInfo, accounts.
    package static func columns(of draft: ScheduledItemDraft) -> (
        title: String, subtitle: String?, icon: String?, userInfo: String?, accounts: String?
    ) {
        (
            JSONWriter.string(draft.title.json), draft.subtitle.map { JSONWriter.string($0.json) }, draft.icon.map { JSONWriter.string($0.json) },
            draft.userInfo.map { JSONWriter.string(.object($0.mapValues(\.json))) },
            draft.accounts.map { JSONWriter.string(.array($0.map { .string($0) })) }
        )
    }
}
