import Testing

@testable import Sharding

@Suite struct ShardedCapacityTests {
    @Test func theStandardCountIsSixteenAndTheDefault() {
        #expect(Sharded<Int>.standardCount == 16)
        #expect(Sharded { $0 }.count == Sharded<Int>.standardCount)
        #expect(Sharded(capacity: 1_000) { $0 }.count == Sharded<Int>.standardCount)
    }

    @Test func eachShardHoldsItsPartRoundedUp() {
        #expect(Sharded<Int>.shardCapacity(of: 1_600, count: 16) == 100)
        #expect(Sharded<Int>.shardCapacity(of: 1_601, count: 16) == 101)
        #expect(Sharded<Int>.shardCapacity(of: 15, count: 16) == 1)
        #expect(Sharded<Int>.shardCapacity(of: 7, count: 1) == 7)
    }

    @Test func aShardHoldsAtLeastOneWhateverTheTotal() {
        #expect(Sharded<Int>.shardCapacity(of: 0, count: 16) == 1)
        #expect(Sharded<Int>.shardCapacity(of: -5, count: 16) == 1)
        #expect(Sharded<Int>.shardCapacity(of: .max, count: 16) == Int.max / 16 + 1, "no overflow")
    }

    @Test func everyShardStartsWithItsPartOfTheCapacity() {
        let table = Sharded(capacity: 100, count: 8) { [$0] }
        var parts: [Int] = []
        table.forEach { parts += $0 }
        #expect(table.count == 8 && parts == Array(repeating: 13, count: 8))
        #expect(parts.reduce(0, +) >= 100)
    }
}
