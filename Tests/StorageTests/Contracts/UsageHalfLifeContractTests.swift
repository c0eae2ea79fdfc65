import Foundation
import QuickActions
import StorageCore
import Testing

/// Every store records the half-life its usage keys were made under; adopting another
/// rescales every key at once, so that each favorite keeps its score and its place.
@Suite struct UsageHalfLifeContractTests {
    private static let day = UsageHalfLife(milliseconds: 86_400_000) ?? .default
    private static let year = UsageHalfLife(milliseconds: 365 * 86_400_000) ?? .default

    /// Counts `picks` picks of `contact` at `at`, under `halfLife`.
    private static func pick(_ contact: Contact, times picks: Int, at: Timestamp, halfLife: UsageHalfLife, triggers: any TriggerStore) throws {
        for _ in 0..<picks {
            let record = TriggerRecord(
                id: UUID().uuidString, type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contact.id)], launch: nil,
                deviceId: nil, receivedAt: at, message: "picked", contactId: contact.id)
            _ = try triggers.append(record, answer: nil, pick: UsagePick(contactId: contact.id, at: at, halfLife: halfLife))
        }
    }

    /// The favorites' scores at `now` under `halfLife`, by name (nil: never picked).
    private static func scores(_ contacts: any ContactRepository, at now: Timestamp, halfLife: UsageHalfLife) throws -> [String: Double?] {
        Dictionary(
            uniqueKeysWithValues: try contacts.favorites().map { contact in
                (contact.name, contact.usageKey.flatMap(UsageScore.init(key:)).map { $0.value(at: now, halfLife: halfLife) })
            })
    }

    /// Whether every score in `after` is finite and within a part in 10⁹ of its score in `before`.
    private static func kept(_ before: [String: Double?], _ after: [String: Double?]) -> Bool {
        before.keys == after.keys
            && before.allSatisfy { name, score in
                guard let score, let new = after[name] ?? nil else { return score == nil && after[name] == .some(nil) }
                return new.isFinite && abs(new - score) <= score * 1e-9
            }
    }

    @Test(arguments: RepositoryKind.local)
    func aNewHalfLifeRescalesEveryKeyKeepingEachScore(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withStore(clock: clock) { store in
            #expect(try store.adoptUsageHalfLife(Self.year, at: clock.now) == .recorded, "a new store records its first half-life")
            #expect(try store.adoptUsageHalfLife(Self.year, at: clock.now) == .unchanged)
            let account = try store.accounts.createAccount(name: "picks", tokenDigest: Array("picks-\(kind.name)".utf8))
            let (contacts, triggers) = (store.contacts(of: account.key), store.triggers(of: account.key))
            let monthAgo = clock.now
            let cy = try contacts.create(NewContact(name: "Cy", favorite: true))
            try Self.pick(cy, times: 1, at: monthAgo, halfLife: Self.year, triggers: triggers)
            clock.advance(by: 30 * 86_400_000)
            let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
            let bob = try contacts.create(NewContact(name: "Bob", favorite: true))
            _ = try contacts.create(NewContact(name: "Dee", favorite: true))
            try Self.pick(ada, times: 20, at: clock.now, halfLife: Self.year, triggers: triggers)
            try Self.pick(bob, times: 3, at: clock.now, halfLife: Self.year, triggers: triggers)
            clock.advance(by: 1000)
            let before = try Self.scores(contacts, at: clock.now, halfLife: Self.year)
            let order = try contacts.favorites().filter { $0.usageKey != nil }.sorted { ($0.usageKey ?? 0) > ($1.usageKey ?? 0) }.map(\.name)
            #expect(order == ["Ada", "Bob", "Cy"])
            // Read under one day without the rescale, Ada's key would score 2^1577: past a Double.
            let adaKey = try #require(try contacts.get(id: ada.id)?.usageKey)
            #expect((adaKey - Double(clock.now.millisecondsSince1970)) / Double(Self.day.milliseconds) > 1024)

            #expect(try store.adoptUsageHalfLife(Self.day, at: clock.now) == .rescaled(from: Self.year, keys: 3))
            let after = try Self.scores(contacts, at: clock.now, halfLife: Self.day)
            #expect(Self.kept(before, after), "\(before) then \(after)")
            let rescaled = try #require(try contacts.get(id: ada.id)?.usageKey)
            let expected = try #require(UsageScore(key: adaKey)).rescaled(from: Self.year, to: Self.day, at: clock.now).key
            #expect(abs(rescaled - expected) <= 1e-3, "the store's arithmetic is UsageScore.rescaled's")
            #expect(try contacts.favorites().filter { $0.usageKey != nil }.sorted { ($0.usageKey ?? 0) > ($1.usageKey ?? 0) }.map(\.name) == order)
            #expect(try store.adoptUsageHalfLife(Self.day, at: clock.now) == .unchanged)

            // And back: every score is still the one it was.
            #expect(try store.adoptUsageHalfLife(Self.year, at: clock.now) == .rescaled(from: Self.day, keys: 3))
            #expect(Self.kept(before, try Self.scores(contacts, at: clock.now, halfLife: Self.year)))
        }
    }

    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("UsageHalfLifeContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = UsageHalfLifeContractTests()

        @Test func aNewHalfLifeRescalesEveryKeyKeepingEachScore() throws {
            try contract.aNewHalfLifeRescalesEveryKeyKeepingEachScore(kind: .postgres)
        }
    }
}
