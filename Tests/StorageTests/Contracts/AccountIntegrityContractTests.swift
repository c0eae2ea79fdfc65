import Dispatch
import Foundation
import QuickActions
import StorageCore
import Synchronization
import Testing

/// What every backend keeps true of an account's rows under concurrent writes: a create under
/// a quota is counted in its own write transaction, so concurrent creates never take the
/// account past it; and a write for an account deleted before its transaction ran stores
/// nothing, so no row outlives the deletion.
@Suite struct AccountIntegrityContractTests {
    /// A trigger record with a fresh id.
    private static func record(_ index: Int) -> TriggerRecord {
        TriggerRecord(
            id: "t\(index)-\(UUID().uuidString.prefix(8))", type: "SearchAction", userInfo: nil, launch: nil, deviceId: "device",
            receivedAt: Timestamp(millisecondsSince1970: 1_764_478_800_000), message: "SearchAction triggered", contactId: nil)
    }

    /// An answer stored under `key`.
    private static func answer(_ key: String) -> StoredAnswer {
        StoredAnswer(key: key, requestDigest: "digest", status: 200, body: Array("{}".utf8), createdAt: Timestamp(millisecondsSince1970: 1))
    }

    @Test(arguments: RepositoryKind.local)
    func aCreatePastTheQuotaStoresNothingAndADeletionMakesRoom(kind: RepositoryKind) throws {
        try kind.withStore { (store: any DataStore) throws in
            let account = try store.accounts.createAccount(name: "Quota", tokenDigest: Array("quota-\(kind.name)".utf8))
            let other = try store.accounts.createAccount(name: "Other", tokenDigest: Array("other-\(kind.name)".utf8))
            let contacts = store.contacts(of: account.key)
            let created = try (0..<3).map { index throws in try contacts.create(NewContact(name: "Held \(index)"), quota: 3) }
            let refused = #expect(throws: StorageError.self) { try contacts.create(NewContact(name: "One too many"), quota: 3) }
            #expect(refused?.cause == .quotaExceeded, "\(String(describing: refused))")
            #expect(try contacts.counts().contacts == 3)
            // Another account's contacts do not count against it, nor its against them.
            #expect(throws: Never.self) { try store.contacts(of: other.key).create(NewContact(name: "Theirs"), quota: 1) }
            _ = try contacts.delete(id: created[0].id, expectedRevision: nil)
            #expect(throws: Never.self) { try contacts.create(NewContact(name: "Room again"), quota: 3) }
            #expect(try contacts.counts().contacts == 3)
            // With no quota, nothing is counted.
            #expect(throws: Never.self) { try contacts.create(NewContact(name: "Unlimited")) }
        }
    }

    @Test(arguments: RepositoryKind.local)
    func concurrentCreatesNeverTakeAnAccountPastItsQuota(kind: RepositoryKind) throws {
        try kind.withStore { (store: any DataStore) throws in
            let account = try store.accounts.createAccount(name: "Burst", tokenDigest: Array("burst-\(kind.name)".utf8))
            let contacts = store.contacts(of: account.key)
            for index in 0..<15 { _ = try contacts.create(NewContact(name: "Existing \(index)")) }
            for round in 0..<3 {
                let outcomes = Mutex<[Result<Contact, StorageError>]>([])
                let done = DispatchGroup()
                // Queued from several threads at once, so the writer takes them in a few batches.
                DispatchQueue.concurrentPerform(iterations: 8) { thread in
                    for index in 0..<10 {
                        done.enter()
                        contacts.create(NewContact(name: "Round \(round) thread \(thread) #\(index)"), quota: 20) { result in
                            outcomes.withLock { $0.append(result) }
                            done.leave()
                        }
                    }
                }
                #expect(done.wait(timeout: .now() + 60) == .success)
                let results = outcomes.withLock { $0 }
                let stored = results.compactMap { try? $0.get() }
                let causes = results.compactMap { result -> StorageError.Cause? in
                    if case .failure(let error) = result { return error.cause }
                    return nil
                }
                #expect(stored.count == 5, "round \(round): \(stored.count) created")
                #expect(causes.count == 75 && causes.allSatisfy { $0 == .quotaExceeded }, "round \(round): \(Set(causes))")
                #expect(try contacts.counts().contacts == 20)
                for contact in stored { _ = try contacts.delete(id: contact.id, expectedRevision: nil) }
            }
        }
    }

    @Test(arguments: RepositoryKind.local)
    func everyWriteOfADeletedAccountFailsAndStoresNothing(kind: RepositoryKind) throws {
        try kind.withStore { (store: any DataStore) throws in
            let account = try store.accounts.createAccount(name: "Gone", tokenDigest: Array("gone-\(kind.name)".utf8))
            // Views taken before the deletion, as a request that checked its token holds them.
            let contacts = store.contacts(of: account.key)
            let triggers = store.triggers(of: account.key)
            _ = try contacts.create(NewContact(name: "Before"))
            #expect(try store.accounts.deleteAccount(id: account.id) == account)
            let writes: [(String, () throws -> Void)] = [
                ("create", { _ = try contacts.create(NewContact(name: "After")) }),
                ("create under a quota", { _ = try contacts.create(NewContact(name: "After"), quota: 10) }),
                ("trigger", { _ = try triggers.append(Self.record(1), answer: nil) }),
                ("trigger with an answer", { _ = try triggers.append(Self.record(2), answer: Self.answer("key")) }),
            ]
            for (name, write) in writes {
                do {
                    try write()
                    Issue.record("\(name) of a deleted account succeeded")
                } catch let error as StorageError {
                    #expect(error.cause == .accountDeleted, "\(name): \(error)")
                }
            }
            let deferred = Mutex<Result<Contact, StorageError>?>(nil)
            let done = DispatchSemaphore(value: 0)
            contacts.create(NewContact(name: "Deferred"), quota: nil) { result in
                deferred.withLock { $0 = result }
                done.signal()
            }
            #expect(done.wait(timeout: .now() + 30) == .success)
            if case .failure(let error)? = deferred.withLock({ $0 }) {
                #expect(error.cause == .accountDeleted)
            } else {
                Issue.record("a deferred create of a deleted account did not fail: \(String(describing: deferred.withLock { $0 }))")
            }
            #expect(try contacts.counts() == (0, 0))
            #expect(try triggers.storedCounts() == (0, 0))
        }
    }

    /// Single-account mode writes as `default`, which multi-account mode may have deleted: the
    /// store restores it (empty, with no token), and leaves an existing one as it is.
    @Test(arguments: RepositoryKind.local)
    func theDefaultAccountIsRestoredOnlyWhenDeleted(kind: RepositoryKind) throws {
        try kind.withStore { (store: any DataStore) throws in
            let contacts = store.contacts(of: .default)
            let kept = try contacts.create(NewContact(name: "Kept"))
            try store.accounts.restoreDefaultAccount()
            #expect(try contacts.get(id: kept.id) == kept)
            #expect(try store.accounts.deleteAccount(id: Account.defaultID)?.key == .default)
            #expect(throws: StorageError.self) { try contacts.create(NewContact(name: "Refused")) }
            try store.accounts.restoreDefaultAccount()
            let restored = try #require(try store.accounts.account(id: Account.defaultID))
            #expect(restored.key == .default && restored.name == "default")
            #expect(try contacts.counts() == (0, 0))
            #expect(throws: Never.self) { try contacts.create(NewContact(name: "Single-account again")) }
            #expect(throws: Never.self) { try store.triggers(of: .default).append(Self.record(9), answer: nil) }
        }
    }

    @Test(arguments: RepositoryKind.local)
    func writesRacingTheDeletionOfTheirAccountLeaveNoRow(kind: RepositoryKind) throws {
        try kind.withStore { (store: any DataStore) throws in
            for round in 0..<3 {
                let account = try store.accounts.createAccount(name: "Racing \(round)", tokenDigest: Array("race-\(kind.name)-\(round)".utf8))
                let contacts = store.contacts(of: account.key)
                let triggers = store.triggers(of: account.key)
                let failures = Mutex<[String]>([])
                let pending = DispatchGroup()
                DispatchQueue.concurrentPerform(iterations: 4) { thread in
                    if thread == 0 {
                        usleep(20_000)
                        do { _ = try store.accounts.deleteAccount(id: account.id) } catch { failures.withLock { $0.append("delete: \(error)") } }
                        return
                    }
                    for index in 0..<40 {
                        pending.enter()
                        contacts.create(NewContact(name: "Racer \(thread).\(index)"), quota: 1000) { _ in pending.leave() }
                        do throws(StorageError) {
                            _ = try triggers.append(Self.record(index), answer: Self.answer("k-\(thread)-\(index)"))
                        } catch {
                            if error.cause != .accountDeleted { failures.withLock { $0.append("append: \(error)") } }
                        }
                    }
                }
                #expect(pending.wait(timeout: .now() + 60) == .success)
                #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
                #expect(try store.accounts.account(id: account.id) == nil)
                #expect(try contacts.counts() == (0, 0), "round \(round)")
                #expect(try triggers.storedCounts() == (0, 0), "round \(round)")
            }
        }
    }
}

extension AccountIntegrityContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("AccountIntegrityContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = AccountIntegrityContractTests()

        @Test func aCreatePastTheQuotaStoresNothingAndADeletionMakesRoom() throws {
            try contract.aCreatePastTheQuotaStoresNothingAndADeletionMakesRoom(kind: .postgres)
        }
        @Test func concurrentCreatesNeverTakeAnAccountPastItsQuota() throws {
            try contract.concurrentCreatesNeverTakeAnAccountPastItsQuota(kind: .postgres)
        }
        @Test func everyWriteOfADeletedAccountFailsAndStoresNothing() throws {
            try contract.everyWriteOfADeletedAccountFailsAndStoresNothing(kind: .postgres)
        }
        @Test func theDefaultAccountIsRestoredOnlyWhenDeleted() throws { try contract.theDefaultAccountIsRestoredOnlyWhenDeleted(kind: .postgres) }
        @Test func writesRacingTheDeletionOfTheirAccountLeaveNoRow() throws {
            try contract.writesRacingTheDeletionOfTheirAccountLeaveNoRow(kind: .postgres)
        }
    }
}
