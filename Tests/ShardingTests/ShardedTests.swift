import Dispatch
import Synchronization
import Testing

@testable import Sharding

@Suite struct ShardedTests {
    @Test func aHashPicksTheShardOfItsLowBits() {
        let sharded = Sharded(count: 16) { [$0] }
        #expect(sharded.index(forHash: 17) == 1 && sharded.index(forHash: 0xFFFF_FFFF_FFFF_FFF0) == 0)
        #expect(sharded.withLock(forHash: 35) { $0 } == [3])
        sharded.withLock(forHash: 3) { $0.append(99) }
        #expect(sharded.withLock(shard: 3) { $0 } == [3, 99], "hashes 3 and 35 share a shard")
        #expect(sharded.withLock(shard: 4) { $0 } == [4])
    }

    @Test func theCountIsAParameterAndOneShardWorks() {
        let one = Sharded(count: 1) { _ in 0 }
        for hash in [0, 1, 12345, UInt64.max] { one.withLock(forHash: hash) { $0 += 1 } }
        #expect(one.count == 1 && one.withLock(shard: 0) { $0 } == 4)
        #expect(Sharded { $0 }.count == 16, "16 by default")
    }

    @Test func eachShardHasCacheLinesOfItsOwn() {
        let small = Sharded(count: 4) { _ in UInt8(0) }
        #expect(small.stride == 64)
        let large = Sharded(count: 4) { _ in (0, 0, 0, 0, 0, 0, 0, 0, 0) as (Int, Int, Int, Int, Int, Int, Int, Int, Int) }
        #expect(large.stride == 128 && large.stride >= MemoryLayout<Mutex<(Int, Int, Int, Int, Int, Int, Int, Int, Int)>>.size)
        #expect(Int(bitPattern: large.base) % 64 == 0)
    }

    @Test func forEachAndReduceVisitEveryShardInOrder() {
        let sharded = Sharded(count: 8) { $0 * 10 }
        var visited: [Int] = []
        sharded.forEach { state in visited.append(state) }
        #expect(visited == [0, 10, 20, 30, 40, 50, 60, 70])
        sharded.forEach { $0 += 1 }
        #expect(sharded.reduce(0) { $0 + $1 } == 288)
    }

    @Test func concurrentUpdatesAreExact() {
        let sharded = Sharded(count: 4) { _ in 0 }
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<10_000 { sharded.withLock(forHash: UInt64(thread &+ step)) { $0 += 1 } }
        }
        #expect(sharded.reduce(0) { $0 + $1 } == 80_000)
    }

    final class Freed: Sendable {
        let count = Atomic<Int>(0)
    }

    final class Tracked: Sendable {
        let freed: Freed
        init(_ freed: Freed) { self.freed = freed }
        deinit { freed.count.add(1, ordering: .relaxed) }
    }

    @Test func everyShardsStateIsFreedWithIt() {
        let freed = Freed()
        do {
            let sharded = Sharded(count: 8) { _ in [Tracked(freed)] }
            sharded.withLock(shard: 5) { $0.append(Tracked(freed)) }
            #expect(freed.count.load(ordering: .relaxed) == 0)
        }
        #expect(freed.count.load(ordering: .relaxed) == 9)
    }
}
