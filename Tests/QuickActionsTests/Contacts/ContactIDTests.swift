import QuickActions
import Testing

@Suite struct ContactIDTests {
    private static let base32 = Set("abcdefghijklmnopqrstuvwxyz234567")

    @Test func idsAreTwentyBase32CharactersThatSortByTime() {
        let start: Int64 = 1_796_000_000_000
        var previous = ""
        for step: Int64 in [0, 1, 2, 31, 32, 1_000, 86_400_000, 40 * 365 * 86_400_000] {
            let id = ContactID.generate(at: Timestamp(millisecondsSince1970: start + step))
            #expect(id.count == 20)
            #expect(id.allSatisfy(Self.base32.contains))
            #expect(id > previous, "\(id) after \(previous)")
            previous = id
        }
    }

    @Test func idsMadeInTheSameMillisecondDifferInTheirRandomPart() {
        let now = Timestamp(millisecondsSince1970: 1_796_000_000_000)
        let ids = (0..<1_000).map { _ in ContactID.generate(at: now) }
        #expect(Set(ids).count == ids.count)
        #expect(Set(ids.map { $0.prefix(9) }).count == 1)
        #expect(Set(ids.map { $0.suffix(11) }).count == ids.count)
    }
}
