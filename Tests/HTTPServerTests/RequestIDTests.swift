import Dispatch
import HTTPServer
import Synchronization
import Testing

@Suite struct RequestIDTests {
    private static let base32 = Set("abcdefghijklmnopqrstuvwxyz234567")

    @Test func madeIdsAreTwentyBase32CharactersWithOneProcessPrefixAndNeverRepeat() {
        let ids = (0..<1_000).map { _ in RequestID.next().description }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 20 && $0.allSatisfy(Self.base32.contains) })
        #expect(Set(ids.map { $0.prefix(8) }).count == 1)
        // The counter part counts up: consecutive ids differ only after the prefix.
        #expect(RequestID.generated(1).description.suffix(12) == "aaaaaaaaaaab")
        #expect(RequestID.generated(32).description.suffix(12) == "aaaaaaaaaaba")
    }

    @Test func aGivenIdIsSentAsItCame() {
        #expect(RequestID.given("client-7").description == "client-7")
    }
}

@Suite struct ShardedCounterTests {
    @Test func addsFromManyThreadsSumExactly() {
        let counter = ShardedCounter()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0..<10_000 { counter.add(thread % 2 == 0 ? 2 : -1) }
        }
        #expect(counter.value == 4 * 10_000 * 2 - 4 * 10_000)
    }

    @Test func uniqueNumbersStayUniqueAcrossThreads() {
        let counter = ShardedCounter()
        let seen = Mutex<[UInt64]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let mine = (0..<5_000).map { _ in counter.nextUnique() }
            seen.withLock { $0.append(contentsOf: mine) }
        }
        let all = seen.withLock { $0 }
        #expect(all.count == 40_000)
        #expect(Set(all).count == all.count)
    }
}
