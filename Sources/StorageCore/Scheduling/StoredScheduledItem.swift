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
    public func tombstone(at instant: Timestamp) -> Tombstone? {
        guard wasShown, leftAt <= instant else { return nil }
        return Tombstone.ended(item, since: leftAt)
    }

    /// Reads back an item from its stored columns (texts, icon, userInfo and accounts as JSON
    /// text, times in ms), so that the backends agree; throws when a column does not read.
    package static func decode(
        id: String, type: String, title: String, subtitle: String?, icon: String?, userInfo: String?, fromMilliseconds: Int64,
        untilMilliseconds: Int64, accounts: String?, createdMilliseconds: Int64, revision: Int64, deletedMilliseconds: Int64?
    ) throws(StorageError) -> StoredScheduledItem {
        func parsed(_ text: String) throws(StorageError) -> JSONValue {
            do throws(JSONParseError) {
                return try JSONParser.parse(text)
            } catch {
                throw StorageError(.ioError, message: "scheduled item \(id): a stored column is not JSON")
            }
        }
        var body: [String: JSONValue] = [
            "type": .string(type), "title": try parsed(title),
            "from": .string(Timestamp(millisecondsSince1970: fromMilliseconds).rfc3339),
            "until": .string(Timestamp(millisecondsSince1970: untilMilliseconds).rfc3339),
        ]
        if let subtitle { body["subtitle"] = try parsed(subtitle) }
        if let icon { body["icon"] = try parsed(icon) }
        if let userInfo { body["userInfo"] = try parsed(userInfo) }
        if let accounts { body["accounts"] = try parsed(accounts) }
        let draft: ScheduledItemDraft
        do throws(ValidationError) {
            draft = try ScheduledItemDraft(json: body)
        } catch {
            throw StorageError(.ioError, message: "scheduled item \(id): stored \(error.field) does not read")
        }
        let item = ScheduledItem(id: id, draft: draft, createdAt: Timestamp(millisecondsSince1970: createdMilliseconds), revision: revision)
        return StoredScheduledItem(item: item, deletedAt: deletedMilliseconds.map(Timestamp.init(millisecondsSince1970:)))
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
