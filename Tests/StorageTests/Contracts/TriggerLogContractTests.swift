import QuickActions
import StorageCore
import Testing

@testable import StorageSQLite

/// The trigger log behind `GET /events` with `Last-Event-ID`, against every store.
@Suite struct TriggerLogContractTests {
    static func record(_ id: String, at millis: Int64 = 1000) -> TriggerRecord {
        TriggerStoreContractTests.record(id, at: millis)
    }

    static func eventID(_ append: TriggerAppend) -> Int64? {
        if case .recorded(let eventID) = append { return eventID }
        return nil
    }

    @Test(arguments: RepositoryKind.local)
    func triggersAndReservedIdsShareOneIncreasingSequence(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            let first = try #require(Self.eventID(try store.append(Self.record("a"), answer: nil)))
            let reserved = try store.reserveEventID()
            let second = try #require(Self.eventID(try store.append(Self.record("b"), answer: nil)))
            let third = try #require(Self.eventID(try store.append(Self.record("c"), answer: nil)))
            #expect(first < reserved && reserved < second && second < third)
            #expect(try store.triggers(afterEventID: first, limit: 10)?.map(\.record.id) == ["b", "c"])
            #expect(try store.triggers(afterEventID: reserved, limit: 10)?.map(\.eventID) == [second, third])
            #expect(try store.triggers(afterEventID: first, limit: 1)?.map(\.record) == [Self.record("b")])
            #expect(try store.triggers(afterEventID: third, limit: 10) == [])
            #expect(try store.triggers(afterEventID: 0, limit: 10)?.map(\.record.id) == ["a", "b", "c"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func theLogIsReadInIdOrderBetweenTwoPlaces(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            let first = try #require(Self.eventID(try store.append(Self.record("a"), answer: nil)))
            let reserved = try store.reserveEventID()
            let second = try #require(Self.eventID(try store.append(Self.record("b"), answer: nil)))
            let third = try #require(Self.eventID(try store.append(Self.record("c"), answer: nil)))
            let all = try store.loggedTriggers(after: 0, before: nil, limit: 10)
            #expect(all.map(\.trigger.eventID) == [first, second, third] && Set(all.map(\.account.rawValue)).count == 1)
            #expect(all.map(\.trigger.record.id) == ["a", "b", "c"])
            #expect(try store.loggedTriggers(after: 0, before: reserved, limit: 10).map(\.trigger.record.id) == ["a"])
            #expect(try store.loggedTriggers(after: reserved, before: third, limit: 10).map(\.trigger.eventID) == [second])
            #expect(try store.loggedTriggers(after: first, before: nil, limit: 1).map(\.trigger.record.id) == ["b"])
            #expect(try store.loggedTriggers(after: third, before: nil, limit: 10).isEmpty)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func anIdNeverGivenIsUnknown(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            #expect(try store.triggers(afterEventID: 0, limit: 10) == [])
            #expect(try store.triggers(afterEventID: 5, limit: 10) == nil)
            let reserved = try store.reserveEventID()
            #expect(try store.triggers(afterEventID: reserved, limit: 10) == [])
            #expect(try store.triggers(afterEventID: reserved + 1, limit: 10) == nil)
            #expect(try store.triggers(afterEventID: -1, limit: 10) == nil)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func aSecondClaimOfAKeyStoresNothingAndGetsTheFirstAnswer(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            let answer = TriggerStoreContractTests.answer("k")
            #expect(Self.eventID(try store.append(Self.record("a"), answer: answer)) != nil)
            #expect(try store.append(Self.record("b"), answer: TriggerStoreContractTests.answer("k", at: 2000)) == .answered(answer))
            #expect(try store.triggers(afterEventID: 0, limit: 10)?.map(\.record.id) == ["a"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func anIdBelowWhatThePurgeDeletedIsTooOld(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            let old = try #require(Self.eventID(try store.append(Self.record("old1", at: 1000), answer: nil)))
            let old2 = try #require(Self.eventID(try store.append(Self.record("old2", at: 1000), answer: nil)))
            let kept = try #require(Self.eventID(try store.append(Self.record("new", at: 9000), answer: nil)))
            #expect(try store.purgeTriggers(before: Timestamp(millisecondsSince1970: 5000), limit: 1) == 1)
            #expect(try store.triggers(afterEventID: 0, limit: 10) == nil)
            #expect(try store.triggers(afterEventID: old, limit: 10)?.map(\.record.id) == ["old2", "new"])
            #expect(try store.purgeTriggers(before: Timestamp(millisecondsSince1970: 5000), limit: 10) == 1)
            #expect(try store.triggers(afterEventID: old, limit: 10) == nil)
            #expect(try store.triggers(afterEventID: old2, limit: 10)?.map(\.eventID) == [kept])
        }
    }

    @Test func sqliteIdsSurviveARestartAndNeverRepeat() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let path = directory.path("log.sqlite")
            var given: [Int64] = []
            do {
                let store = try SQLiteContactRepository.open(path: path).triggerStore()
                given.append(try #require(Self.eventID(try store.append(Self.record("a"), answer: nil))))
                given.append(try store.reserveEventID())
            }
            let store = try SQLiteContactRepository.open(path: path).triggerStore()
            given.append(try store.reserveEventID())
            given.append(try #require(Self.eventID(try store.append(Self.record("b"), answer: nil))))
            #expect(given == given.sorted() && Set(given).count == given.count)
            #expect(try store.triggers(afterEventID: given[0], limit: 10)?.map(\.record.id) == ["b"])
        }
    }
}

extension TriggerLogContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("TriggerLogContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = TriggerLogContractTests()

        @Test func triggersAndReservedIdsShareOneIncreasingSequence() throws {
            try contract.triggersAndReservedIdsShareOneIncreasingSequence(kind: .postgres)
        }
        @Test func theLogIsReadInIdOrderBetweenTwoPlaces() throws { try contract.theLogIsReadInIdOrderBetweenTwoPlaces(kind: .postgres) }
        @Test func anIdNeverGivenIsUnknown() throws { try contract.anIdNeverGivenIsUnknown(kind: .postgres) }
        @Test func aSecondClaimOfAKeyStoresNothingAndGetsTheFirstAnswer() throws {
            try contract.aSecondClaimOfAKeyStoresNothingAndGetsTheFirstAnswer(kind: .postgres)
        }
        @Test func anIdBelowWhatThePurgeDeletedIsTooOld() throws { try contract.anIdBelowWhatThePurgeDeletedIsTooOld(kind: .postgres) }
    }
}
