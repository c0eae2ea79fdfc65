import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

/// The append `POST /trigger` takes (`append` with a completion): the same results as the
/// waiting form, one record per Idempotency-Key however many appends race for it, and a pick's
/// usage change reported before the completion runs.
@Suite struct DeferredTriggerContractTests {
    private static func favoritePick(_ id: String, contact: String, at millis: Int64) -> (TriggerRecord, UsagePick) {
        let at = Timestamp(millisecondsSince1970: millis)
        let record = TriggerRecord(
            id: id, type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contact)], launch: nil, deviceId: nil,
            receivedAt: at, message: "picked", contactId: contact)
        return (record, UsagePick(contactId: contact, at: at, halfLife: .default))
    }

    @Test(arguments: RepositoryKind.local)
    func appendsWithCompletionsMatchTheWaitingOnes(kind: RepositoryKind) throws {
        try kind.withStore { (store: any DataStore) throws in
            let account = try store.accounts.createAccount(name: "deferred", tokenDigest: Array("deferred-\(kind.name)".utf8))
            let contacts = store.contacts(of: account.key)
            let triggers = store.triggers(of: account.key)
            let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
            let seen = Mutex<[UsageChange]>([])
            store.changes.observe { change in
                if let usage = change.usage { seen.withLock { $0.append(usage) } }
            }
            let answer = TriggerStoreContractTests.answer("k")
            let (first, pick) = Self.favoritePick("t1", contact: ada.id, at: 1_000_000)
            let recorded = try DeferredWriteContractTests.wait { triggers.append(first, answer: answer, pick: pick, completion: $0) }
            guard case .recorded = recorded else {
                Issue.record("the first append was not recorded: \(recorded)")
                return
            }
            #expect(seen.withLock { $0.map(\.usageKey) } == [1_000_000], "the pick is reported before its completion ran")
            #expect(try contacts.get(id: ada.id)?.usageKey == 1_000_000)
            #expect(try triggers.answer(forKey: "k") == answer)
            #expect(try triggers.triggers(limit: 10, type: nil, contactId: nil) == [first])

            // A replay of the key stores nothing and counts nothing: it gets the first answer.
            let (replay, again) = Self.favoritePick("t2", contact: ada.id, at: 2_000_000)
            let replayed = try DeferredWriteContractTests.wait {
                triggers.append(replay, answer: TriggerStoreContractTests.answer("k", at: 2000), pick: again, completion: $0)
            }
            #expect(replayed == .answered(answer))
            #expect(try triggers.triggers(limit: 10, type: nil, contactId: nil).map(\.id) == ["t1"])
            #expect(try contacts.get(id: ada.id)?.usageKey == 1_000_000)
            #expect(seen.withLock { $0.count } == 1)
        }
    }

    /// Appends queued together, none waiting (on SQLite they share group commits): one record
    /// per key, every other contender answered with the winner's answer.
    @Test(arguments: RepositoryKind.local)
    func concurrentAppendsWithCompletionsRecordOncePerKey(kind: RepositoryKind) throws {
        try kind.withStore { (triggers: any TriggerStore) throws in
            let results = Mutex<[Int: Result<TriggerAppend, StorageError>]>([:])
            let group = DispatchGroup()
            for index in 0..<64 {
                // Each contender has its own record and answer body, so the winner's shows.
                let answer = StoredAnswer(
                    key: "race\(index % 4)", requestDigest: "d", status: 200, body: Array("{\"id\":\"t\(index)\"}".utf8),
                    createdAt: Timestamp(millisecondsSince1970: 1000))
                group.enter()
                triggers.append(TriggerStoreContractTests.record("t\(index)"), answer: answer, pick: nil) { result in
                    results.withLock { $0[index] = result }
                    group.leave()
                }
            }
            #expect(group.wait(timeout: .now() + 30) == .success)
            let appends = try results.withLock { $0 }.sorted { $0.key < $1.key }.map { try $0.value.get() }
            #expect(appends.count == 64)
            let stored = try triggers.triggers(limit: 100, type: nil, contactId: nil)
            #expect(stored.count == 4, "one trigger per key")
            for key in 0..<4 {
                let winner = try #require(try triggers.answer(forKey: "race\(key)"))
                let contenders = appends.enumerated().filter { $0.offset % 4 == key }.map(\.element)
                #expect(contenders.filter { if case .recorded = $0 { true } else { false } }.count == 1)
                #expect(contenders.filter { $0 == .answered(winner) }.count == 15)
                #expect(stored.contains { winner.body == Array("{\"id\":\"\($0.id)\"}".utf8) }, "the answer stored is the recorded trigger's")
            }
        }
    }
}

extension DeferredTriggerContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("DeferredTriggerContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = DeferredTriggerContractTests()

        @Test func appendsWithCompletionsMatchTheWaitingOnes() throws { try contract.appendsWithCompletionsMatchTheWaitingOnes(kind: .postgres) }
        @Test func concurrentAppendsWithCompletionsRecordOncePerKey() throws {
            try contract.concurrentAppendsWithCompletionsRecordOncePerKey(kind: .postgres)
        }
    }
}
