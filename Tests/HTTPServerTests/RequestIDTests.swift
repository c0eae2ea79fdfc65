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
