import QuickActions
import Synchronization

/// A stored row a read could not decode: its table, its id, and why.
public struct UndecodableRow: Error, Sendable, Equatable {
    /// The table (`scheduled_items`, `contacts`, `disabledItems`).
    public var table: String
    /// The row's id (a contact's or scheduled item's id).
    public var id: String
    /// What does not read.
    public var reason: String

    /// Describes a row.
    public init(table: String, id: String, reason: String) {
        self.table = table
        self.id = id
        self.reason = reason
    }
}

/// The stored rows the reads of one store left out because they do not decode (a value no
/// request could have written: a time outside the years 0001–9999, a column that is not the
/// JSON or the type the schema says). No such row stops start-up or fails a list: a read
/// skips it and serves the rest. Each row is logged as a warning, with its table and id, and
/// counted (`quickactiond_stored_rows_skipped_total{table}` in `/metrics`) the first time a
/// read meets it: a row read again on every request is one row, not one per request.
public final class StoredRowSkips: Sendable {
    /// The rows remembered as counted at most (a few hundred bytes each); past it a new row is
    /// logged and counted without being remembered.
    public static let rememberedLimit = 10_000

    private struct State {
        var counts: [String: Int] = [:]
        var seen: Set<String> = []
    }

    private let state = Mutex(State())
    private let log: StorageLog

    /// Skips that log to `log`.
    public init(log: StorageLog = .discard) {
        self.log = log
    }

    /// Records that a read left `row` out.
    public func skip(_ row: UndecodableRow) {
        let first = state.withLock { state -> Bool in
            let key = row.table + "\u{0}" + row.id
            guard !state.seen.contains(key) else { return false }
            if state.seen.count < Self.rememberedLimit { state.seen.insert(key) }
            state.counts[row.table, default: 0] += 1
            return true
        }
        guard first else { return }
        log.log(
            .warning, "a stored row does not read and is left out: \(row.reason)",
            ["table": row.table, "id": row.id, "reason": row.reason])
    }

    /// The decoded rows of `rows`, each row that does not decode skipped (`skip(_:)`).
    public func kept<Row>(_ rows: [Result<Row, UndecodableRow>]) -> [Row] {
        var kept: [Row] = []
        kept.reserveCapacity(rows.count)
        for row in rows {
            switch row {
            case .success(let value): kept.append(value)
            case .failure(let undecodable): skip(undecodable)
            }
        }
        return kept
    }

    /// The rows skipped so far, by table.
    public var counts: [String: Int] {
        state.withLock { $0.counts }
    }
}

extension Timestamp {
    /// This instant, or an `UndecodableRow` of `table` and `id` naming `column` when its UTC
    /// year is outside 0001–9999 (`Timestamp.rfc3339Years`), which no answer can write.
    package static func stored(
        _ milliseconds: Int64, column: String, table: String, id: String
    ) -> Result<Timestamp, UndecodableRow> {
        let instant = Timestamp(millisecondsSince1970: milliseconds)
        guard Timestamp.rfc3339Years.contains(instant) else {
            return .failure(UndecodableRow(table: table, id: id, reason: "\(column) \(milliseconds) ms is outside the years 0001 to 9999"))
        }
        return .success(instant)
    }
}

extension Contact {
    /// The table the stores keep contacts in, as `UndecodableRow` names it.
    package static let table = "contacts"

    /// This contact as read from a row, or an `UndecodableRow` when a time of it is outside the
    /// years 0001–9999 (no answer could write it). A usage key that is not finite reads as no
    /// key (`UsageScore(key:)`): the favorite stays, ranked as never picked.
    package func checkedAsStored() -> Result<Contact, UndecodableRow> {
        for (column, time) in [("created_ms", createdAt), ("updated_ms", updatedAt)] where !Timestamp.rfc3339Years.contains(time) {
            return .failure(
                UndecodableRow(
                    table: Self.table, id: id, reason: "\(column) \(time.millisecondsSince1970) ms is outside the years 0001 to 9999"))
        }
        return .success(self)
    }
}

extension DisabledItem {
    /// The table the stores keep the favorites' disabled items in, as `UndecodableRow` names it.
    package static let table = "tombstones"
}

extension StoredDisabledItem {
    /// `favorite(contactId:reason:since:)`, or an `UndecodableRow` when `since` is outside the
    /// years 0001–9999.
    package static func checkedFavorite(contactId: String, reason: String, since: Int64) -> Result<DisabledItem, UndecodableRow> {
        Timestamp.stored(since, column: "since_ms", table: DisabledItem.table, id: contactId).map { _ in
            favorite(contactId: contactId, reason: reason, since: since)
        }
    }
}
