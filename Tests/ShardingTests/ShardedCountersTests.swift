import Dispatch
import Sharding
import Testing

@Suite struct ShardedCountersTests {
    @Test func countersAreIndependentAndSumOverThreads() {
        let counters = ShardedCounters(width: 11, rows: ThreadRows(ownRows: 2))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for index in 0..<11 {
                for _ in 0..<1_000 { counters.add(index, index) }
            }
        }
        for index in 0..<11 { #expect(counters.total(index) == 8 * 1_000 * index) }
    }

    @Test func rowsDoNotOverlap() {
        // A counter added in one row is not seen in another counter of the next row.
        let rows = ThreadRows(ownRows: 3)
        let counters = ShardedCounters(width: 9, rows: rows)
        for row in 0..<rows.count { counters.row(row).add(8, 1) }
        #expect(counters.total(8) == rows.count)
        for index in 0..<8 { #expect(counters.total(index) == 0) }
    }
}
