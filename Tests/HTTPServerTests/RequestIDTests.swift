import Dispatch
import Synchronization
import Testing

@testable import HTTPServer

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

@Suite struct ShardedCountersTests {
    @Test func countersAreIndependentAndSumOverThreads() {
        let counters = ShardedCounters(width: 11)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for index in 0..<11 {
                for _ in 0..<1_000 { counters.add(index, index) }
            }
        }
        for index in 0..<11 { #expect(counters.total(index) == 8 * 1_000 * index) }
    }

    @Test func rowsDoNotOverlap() {
        // A counter added in one row is not seen in another counter of the next row.
        let counters = ShardedCounters(width: 9)
        for row in 0..<ThreadShard.count { counters.add(8, 1, in: row) }
        #expect(counters.total(8) == ThreadShard.count)
        for index in 0..<8 { #expect(counters.total(index) == 0) }
    }
}

@Suite struct PreparedHeadersTests {
    @Test func preparedHeadersKeepTheirFieldsAndCarryCStrings() throws {
        var headers = HTTPHeaders()
        headers.add("ETag", "\"abc\"")
        headers.add("Content-Language", "de-CH")
        headers.add("X-Empty", "")
        let prepared = headers.prepared()
        #expect(prepared == headers)
        #expect(prepared["etag"] == "\"abc\"")
        let strings = try #require(prepared.cStrings)
        let pairs = strings.pairs.map { (String(cString: $0.name), String(cString: $0.value)) }
        #expect(pairs.map(\.0) == ["ETag", "Content-Language", "X-Empty"])
        #expect(pairs.map(\.1) == ["\"abc\"", "de-CH", ""])
        #expect(headers.cStrings == nil)
    }

    @Test func anyChangeDropsTheCStrings() {
        var added = HTTPHeaders([("A", "1")]).prepared()
        added.add("B", "2")
        #expect(added.cStrings == nil)
        var set = HTTPHeaders([("A", "1")]).prepared()
        set.set("A", "3")
        #expect(set.cStrings == nil)
        #expect(set["A"] == "3")
    }
}

@Suite struct PackedHeaderFieldsTests {
    /// Packs fields the way the transport's C side does.
    private func pack(_ fields: [(String, [UInt8])]) -> PackedHeaderFields {
        var bytes: [UInt8] = []
        for (name, value) in fields {
            withUnsafeBytes(of: UInt32(name.utf8.count)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(value.count)) { bytes += $0 }
            bytes += Array(name.utf8) + value
        }
        return PackedHeaderFields(count: bytes.count) { buffer in
            buffer.copyBytes(from: bytes)
            return bytes.count
        }
    }

    @Test func looksUpIgnoringCaseAndReturnsTheFirst() {
        let packed = pack([("Host", Array("x".utf8)), ("Accept", Array("a/b".utf8)), ("ACCEPT", Array("c/d".utf8)), ("X-Empty", [])])
        #expect(packed.first("accept") == "a/b")
        #expect(packed.first("x-empty") == "")
        #expect(packed.first("Accep") == nil)
        #expect(packed.first("Accepts") == nil)
        #expect(packed.fields.map(\.name) == ["Host", "Accept", "ACCEPT", "X-Empty"])
        let headers = HTTPHeaders(packed: packed)
        #expect(headers["ACCEPT"] == "a/b")
        #expect(headers.values(for: "accept") == ["a/b", "c/d"])
    }

    @Test func changingPackedHeadersKeepsEveryField() {
        var headers = HTTPHeaders(packed: pack([("A", Array("1".utf8)), ("B", Array("2".utf8))]))
        headers.set("A", "3")
        headers.add("C", "4")
        #expect(headers.fields.map { "\($0.name)=\($0.value)" } == ["B=2", "A=3", "C=4"])
    }

    @Test func aTruncatedBufferEndsTheFieldsWithoutReadingPastIt() {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: UInt32(4)) { bytes += $0 }
        withUnsafeBytes(of: UInt32(1_000)) { bytes += $0 }
        bytes += Array("Name".utf8)
        let packed = PackedHeaderFields(count: bytes.count) { buffer in
            buffer.copyBytes(from: bytes)
            return bytes.count
        }
        #expect(packed.fields.isEmpty)
        #expect(packed.first("Name") == nil)
        #expect(PackedHeaderFields.empty.first("Name") == nil)
    }
}
