import Testing

@testable import HTTPServer

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
    }

    @Test func packingFieldsReadsThemBack() {
        let packed = PackedHeaderFields(fields: [("Host", "x"), ("Accept", "a/b"), ("X-Empty", "")])
        #expect(packed.fields.map { "\($0.name)=\($0.value)" } == ["Host=x", "Accept=a/b", "X-Empty="])
        #expect(packed.first("ACCEPT") == "a/b")
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
