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
