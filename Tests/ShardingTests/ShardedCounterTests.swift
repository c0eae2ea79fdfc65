import Dispatch
import Sharding
import Synchronization
import Testing

@Suite struct ShardedCounterTests {
    @Test func addsFromManyThreadsSumExactly() {
        let rows = ThreadRows(ownRows: 2)
        let counter = ShardedCounter(rows: rows)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            if thread < 3 { rows.claim() }
            for _ in 0..<10_000 { counter.add(thread % 2 == 0 ? 2 : -1) }
        }
        #expect(counter.value == 4 * 10_000 * 2 - 4 * 10_000)
    }

    @Test func uniqueNumbersStayUniqueAcrossThreads() {
        let rows = ThreadRows(ownRows: 3)
        let counter = ShardedCounter(rows: rows)
        let seen = Mutex<[UInt64]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            // Some threads own rows, the others share one.
            if thread % 2 == 0 { rows.claim() }
            let mine = (0..<5_000).map { _ in counter.nextUnique() }
            seen.withLock { $0.append(contentsOf: mine) }
        }
        let all = seen.withLock { $0 }
        #expect(all.count == 40_000)
        #expect(Set(all).count == all.count)
    }
}
