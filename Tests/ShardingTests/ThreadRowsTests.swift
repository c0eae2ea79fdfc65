import Foundation
import Sharding
import Synchronization
import Testing

@Suite struct ThreadRowsTests {
    /// Runs `body` on `count` new threads at once, each until it returns.
    private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.start()
        }
        group.wait()
    }

    @Test func claimingThreadsGetARowEachAndTheRestShareOne() {
        let rows = ThreadRows(ownRows: 3)
        let claimed = Mutex<[Int]>([])
        onThreads(5) { _ in
            let row = rows.claim()
            // A second claim, and every later lookup, keeps the thread's row.
            #expect(rows.claim() == row)
            #expect(rows.current == row)
            claimed.withLock { $0.append(row) }
        }
        let all = claimed.withLock { $0 }.sorted()
        #expect(all == [0, 1, 2, rows.sharedRow, rows.sharedRow])
        #expect(rows.count == 4)
    }

    @Test func aThreadThatNeverClaimsUsesTheSharedRow() {
        let rows = ThreadRows(ownRows: 2)
        let seen = Mutex<[Int]>([])
        onThreads(2) { _ in seen.withLock { $0.append(rows.current) } }
        #expect(seen.withLock { $0 } == [rows.sharedRow, rows.sharedRow])
    }

    @Test func aThreadHasARowPerThreadRowsOfItsOwn() {
        let first = ThreadRows(ownRows: 1)
        let second = ThreadRows(ownRows: 4)
        onThreads(1) { _ in
            #expect(first.claim() == 0)
            #expect(second.current == second.sharedRow)
            #expect(second.claim() == 0)
        }
    }
}
