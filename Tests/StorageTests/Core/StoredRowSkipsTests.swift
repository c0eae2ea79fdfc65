import QuickActions
import StorageCore
import Synchronization
import Testing

/// Stored rows read from their columns: times as instants, never as text; a row that does
/// not read is skipped, logged once and counted once.
@Suite struct StoredRowSkipsTests {
    static func decode(title: String = #"{"default":"Sale"}"#, from: Int64 = 0, until: Int64) -> Result<StoredScheduledItem, UndecodableRow> {
        StoredScheduledItem.decode(
            id: "item1", type: "Sale", title: title, subtitle: nil, icon: nil, userInfo: nil, fromMilliseconds: from, untilMilliseconds: until,
            accounts: nil, createdMilliseconds: 0, revision: 1, deletedMilliseconds: nil)
    }

    @Test("A stored item reads its times from their milliseconds, up to the last millisecond of 9999")
    func timesReadFromMilliseconds() throws {
        let last = Timestamp.rfc3339Years.upperBound
        let item = try Self.decode(from: Timestamp.rfc3339Years.lowerBound.millisecondsSince1970, until: last.millisecondsSince1970).get()
        #expect(item.item.until == last)
        #expect(item.item.from == Timestamp.rfc3339Years.lowerBound)
    }

    @Test("A stored time outside the years 0001 to 9999, or a column that is not JSON, is an UndecodableRow naming the row")
    func undecodableRowsNameTheirRow() {
        guard case .failure(let past) = Self.decode(until: Timestamp.rfc3339Years.upperBound.millisecondsSince1970 + 1) else {
            Issue.record("a time in the year 10000 read")
            return
        }
        #expect(past.table == "scheduled_items" && past.id == "item1" && past.reason.contains("until_ms"))
        guard case .failure(let json) = Self.decode(title: "not json", until: 1) else {
            Issue.record("a title that is not JSON read")
            return
        }
        #expect(json.reason.contains("title"))
    }

    @Test("Each row is logged and counted once, however often a read meets it")
    func eachRowCountsOnce() {
        let lines = Mutex<[String: String]>([:])
        let skips = StoredRowSkips(log: StorageLog { _, _, fields in lines.withLock { $0[fields["id"] ?? ""] = fields["table"] } })
        let bad = UndecodableRow(table: "contacts", id: "c1", reason: "test")
        for _ in 0..<3 {
            #expect(skips.kept([.success(1), .failure(bad), .success(2)]) == [1, 2])
        }
        skips.skip(UndecodableRow(table: "tombstones", id: "c1", reason: "test"))
        #expect(skips.counts == ["contacts": 1, "tombstones": 1])
        #expect(lines.withLock { $0 } == ["c1": "tombstones"] || lines.withLock { $0.count } == 1)
    }
}
