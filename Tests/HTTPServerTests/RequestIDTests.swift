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

    @Test("A made id appended to bytes is its description, after what was there")
    func appendedAsDescribed() {
        var generator = SystemRandomNumberGenerator()
        for number in [0, 1, 31, 32, UInt64.max, UInt64.max >> 4] + (0..<1_000).map({ _ in generator.next() as UInt64 }) {
            var output = Array("x".utf8)
            RequestID.appendGenerated(number, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == "x" + RequestID.generated(number).description, "\(number)")
            if String(decoding: output, as: UTF8.self) != "x" + RequestID.generated(number).description { break }
        }
    }

    @Test func aGivenIdIsSentAsItCame() {
        #expect(RequestID.given("client-7").description == "client-7")
    }
}
