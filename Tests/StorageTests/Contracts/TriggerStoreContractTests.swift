import Dispatch
import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import StorageSQLite

@Suite struct TriggerStoreContractTests {
    static func record(_ id: String, type: String = "SearchAction", contact: String? = nil, at millis: Int64 = 1000) -> TriggerRecord {
        TriggerRecord(
            id: id, type: type, userInfo: contact.map { ["contactId": .string($0), "n": .integer(1), "ok": .bool(true)] }, launch: "cold",
            deviceId: "d", receivedAt: Timestamp(millisecondsSince1970: millis), message: "\(type) triggered", contactId: contact)
    }

    static func answer(_ key: String, at millis: Int64 = 1000) -> StoredAnswer {
        StoredAnswer(
            key: key, requestDigest: "digest-\(key)", status: 200, body: Array("{\"id\":\"\(key)\"}".utf8),
            createdAt: Timestamp(millisecondsSince1970: millis))
    }

    @Test(arguments: RepositoryKind.local)
    func recordsAndListsNewestFirstWithFilters(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            #expect(try store.record(Self.record("a"), answer: nil) == nil)
            #expect(try store.record(Self.record("b", type: "FavoriteAction", contact: "c1"), answer: nil) == nil)
            #expect(try store.record(Self.record("c", type: "FavoriteAction", contact: "c2"), answer: nil) == nil)
            #expect(try store.triggers(limit: 10, type: nil, contactId: nil).map(\.id) == ["c", "b", "a"])
            #expect(try store.triggers(limit: 1, type: nil, contactId: nil).map(\.id) == ["c"])
            #expect(try store.triggers(limit: 10, type: "FavoriteAction", contactId: "c1").map(\.id) == ["b"])
            let stored = try #require(try store.triggers(limit: 10, type: nil, contactId: "c1").first)
            #expect(stored == Self.record("b", type: "FavoriteAction", contact: "c1"))
            #expect(try store.stats() == TriggerStats(total: 3, byType: ["SearchAction": 1, "FavoriteAction": 2], byContact: ["c1": 1, "c2": 1]))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func answerIsStoredWithItsTriggerAndASecondClaimGetsTheFirst(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            #expect(try store.record(Self.record("a"), answer: Self.answer("k")) == nil)
            #expect(try store.answer(forKey: "k") == Self.answer("k"))
            #expect(try store.record(Self.record("b"), answer: Self.answer("k", at: 2000)) == Self.answer("k"))
            #expect(try store.stats().total == 1)
        }
    }

    /// The claim on a key lives in the store: of concurrent appends under one key, one is
    /// recorded and every other is answered with the winner's answer, nothing stored for it.
    @Test(arguments: RepositoryKind.local)
    func concurrentAppendsWithOneKeyRecordOnceAndTheRestGetTheWinnersAnswer(kind: RepositoryKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            let results = Mutex<[Int: Result<TriggerAppend, StorageError>]>([:])
            DispatchQueue.concurrentPerform(iterations: 16) { index in
                // Each contender has its own record and answer body, so the winner's shows.
                let answer = StoredAnswer(
                    key: "race", requestDigest: "d", status: 200, body: Array("{\"id\":\"t\(index)\"}".utf8),
                    createdAt: Timestamp(millisecondsSince1970: 1000))
                let result = Result { () throws(StorageError) in try store.append(Self.record("t\(index)"), answer: answer) }
                results.withLock { $0[index] = result }
            }
            let appends = try results.withLock { $0 }.values.map { try $0.get() }
            #expect(appends.count == 16)
            let recorded = appends.filter { if case .recorded = $0 { true } else { false } }
            #expect(recorded.count == 1)
            let winner = try #require(try store.answer(forKey: "race"))
            #expect(appends.filter { $0 == .answered(winner) }.count == 15)
            let stored = try store.triggers(limit: 100, type: nil, contactId: nil)
            #expect(stored.count == 1)
            #expect(winner.body == Array("{\"id\":\"\(stored.first?.id ?? "")\"}".utf8), "the answer stored is the recorded trigger's")
        }
    }

    @Test(arguments: RepositoryKind.local)
    func purgeForgetsOldAnswersOnly(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            _ = try store.record(Self.record("a"), answer: Self.answer("old", at: 1000))
            _ = try store.record(Self.record("b"), answer: Self.answer("new", at: 5000))
            #expect(try store.purgeAnswers(before: Timestamp(millisecondsSince1970: 3000)) == 1)
            #expect(try store.answer(forKey: "old") == nil)
            #expect(try store.answer(forKey: "new") != nil)
            #expect(try store.stats().total == 2)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func batchedPurgesDeleteTheOldestUpToTheLimitAndCountsFollow(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            for index in 0..<5 {
                let at = Int64(1000 * (index + 1))
                _ = try store.record(Self.record("t\(index)", at: at), answer: index < 4 ? Self.answer("k\(index)", at: at) : nil)
            }
            #expect(try store.storedCounts() == (answers: 4, triggers: 5))
            let cutoff = Timestamp(millisecondsSince1970: 3500)
            #expect(try store.purgeAnswers(before: cutoff, limit: 2) == 2)
            #expect(try store.answer(forKey: "k0") == nil && store.answer(forKey: "k1") == nil)
            #expect(try store.purgeAnswers(before: cutoff, limit: 2) == 1)
            #expect(try store.purgeAnswers(before: cutoff, limit: 2) == 0)
            #expect(try store.answer(forKey: "k3") != nil)
            #expect(try store.purgeTriggers(before: cutoff, limit: 2) == 2)
            #expect(try store.triggers(limit: 10, type: nil, contactId: nil).map(\.id) == ["t4", "t3", "t2"])
            #expect(try store.purgeTriggers(before: cutoff, limit: 2) == 1)
            #expect(try store.storedCounts() == (answers: 1, triggers: 2))
            #expect(try store.stats().total == 2)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func purgerDrainsEveryExpiredRowInBatches(kind: TriggerStoreKind) throws {
        try kind.withStore { (store: any TriggerStore) throws in
            for index in 0..<25 {
                _ = try store.record(Self.record("old\(index)", at: 1000), answer: Self.answer("old\(index)", at: 1000))
            }
            _ = try store.record(Self.record("new", at: 100_000), answer: Self.answer("new", at: 100_000))
            let clock = { @Sendable in Timestamp(millisecondsSince1970: 100_500) }
            let keepTriggers = RetentionPurger(
                store: store, policy: .init(answerTTLMilliseconds: 10_000, triggerRetentionMilliseconds: nil), batchSize: 4, clock: clock)
            #expect(try keepTriggers.purge() == (answers: 25, triggers: 0, disabled: 0))
            #expect(try store.storedCounts() == (answers: 1, triggers: 26))
            let purger = RetentionPurger(
                store: store, policy: .init(answerTTLMilliseconds: 10_000, triggerRetentionMilliseconds: 50_000), batchSize: 4, clock: clock)
            #expect(try purger.purge() == (answers: 0, triggers: 25, disabled: 0))
            #expect(try store.storedCounts() == (answers: 1, triggers: 1))
        }
    }

    @Test func theStartedPurgerPurgesInTheBackgroundAndStops() throws {
        let store = InMemoryTriggerStore()
        _ = try store.record(Self.record("old", at: 1000), answer: Self.answer("old", at: 1000))
        let purged = Mutex(0)
        let purger = RetentionPurger(
            store: store, policy: .init(answerTTLMilliseconds: 1000, triggerRetentionMilliseconds: 1000),
            report: { outcome in if case .success(let counts) = outcome { purged.withLock { $0 += counts.answers + counts.triggers } } })
        purger.start()
        let deadline = ContinuousClock.now + .seconds(5)
        while purged.withLock({ $0 }) < 2 && ContinuousClock.now < deadline { usleep(5_000) }
        purger.stop()
        #expect(purged.withLock { $0 } == 2)
        #expect(try store.storedCounts() == (answers: 0, triggers: 0))
    }

    @Test func sqliteTriggersSurviveReopening() throws {
        try TemporaryDirectory.with { (directory: TemporaryDirectory) throws in
            let path = directory.path("t.sqlite")
            do {
                let store = try SQLiteContactRepository.open(path: path).triggerStore()
                _ = try store.record(Self.record("a", contact: "c1"), answer: Self.answer("k"))
            }
            let reopened = try SQLiteContactRepository.open(path: path).triggerStore()
            #expect(try reopened.answer(forKey: "k") == Self.answer("k"))
            #expect(try reopened.triggers(limit: 5, type: nil, contactId: nil).map(\.id) == ["a"])
        }
    }
}

extension TriggerStoreContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("TriggerStoreContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = TriggerStoreContractTests()

        @Test func recordsAndListsNewestFirstWithFilters() throws { try contract.recordsAndListsNewestFirstWithFilters(kind: .postgres) }
        @Test func answerIsStoredWithItsTriggerAndASecondClaimGetsTheFirst() throws {
            try contract.answerIsStoredWithItsTriggerAndASecondClaimGetsTheFirst(kind: .postgres)
        }
        @Test func concurrentAppendsWithOneKeyRecordOnceAndTheRestGetTheWinnersAnswer() throws {
            try contract.concurrentAppendsWithOneKeyRecordOnceAndTheRestGetTheWinnersAnswer(kind: .postgres)
        }
        @Test func purgeForgetsOldAnswersOnly() throws { try contract.purgeForgetsOldAnswersOnly(kind: .postgres) }
        @Test func batchedPurgesDeleteTheOldestUpToTheLimitAndCountsFollow() throws {
            try contract.batchedPurgesDeleteTheOldestUpToTheLimitAndCountsFollow(kind: .postgres)
        }
        @Test func purgerDrainsEveryExpiredRowInBatches() throws { try contract.purgerDrainsEveryExpiredRowInBatches(kind: .postgres) }
    }
}
