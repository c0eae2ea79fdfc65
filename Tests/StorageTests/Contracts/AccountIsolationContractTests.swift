import Glibc
import QuickActions
import StorageCore
import Synchronization
import Testing

/// Accounts in one store never see each other's data, on any operation, in every backend.
@Suite struct AccountIsolationContractTests {
    /// Two accounts of one store: `a` holds a contact (a favorite) and a trigger stored under
    /// an Idempotency-Key; `b` holds nothing.
    private struct Pair {
        let store: any DataStore
        let a: Account
        let b: Account
        let contact: Contact
    }

    private static func withPair(_ kind: RepositoryKind, _ body: (Pair) throws -> Void) throws {
        try kind.withStore { store in
            let a = try store.accounts.createAccount(name: "A", tokenDigest: Array("digest-a".utf8))
            let b = try store.accounts.createAccount(name: "B", tokenDigest: Array("digest-b".utf8))
            let contact = try store.contacts(of: a.key).create(NewContact(name: "Ada Lovelace", email: "ada@example.com", favorite: true))
            try body(Pair(store: store, a: a, b: b, contact: contact))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func contactsOfOneAccountAreNowhereInAnother(kind: RepositoryKind) throws {
        try Self.withPair(kind) { pair throws in
            let mine = pair.store.contacts(of: pair.a.key)
            let theirs = pair.store.contacts(of: pair.b.key)
            #expect(try mine.get(id: pair.contact.id) == pair.contact)
            #expect(try theirs.get(id: pair.contact.id) == nil)
            #expect(try theirs.list(ContactQuery()).contacts.isEmpty)
            #expect(try theirs.list(ContactQuery(text: "ada")).total == 0)
            #expect(try theirs.list(ContactQuery(text: "ad")).total == 0)
            #expect(try theirs.list(ContactQuery(favorite: true)).total == 0)
            #expect(try theirs.favorites().isEmpty)
            #expect(try theirs.contacts(named: "Ada Lovelace").isEmpty)
            #expect(try theirs.counts() == (0, 0))
            #expect(try theirs.update(id: pair.contact.id, ContactPatch(name: "Mallory"), expectedRevision: nil) == .notFound)
            #expect(try theirs.delete(id: pair.contact.id, expectedRevision: nil) == .notFound)
            // Nothing of the owner's changed.
            #expect(try mine.get(id: pair.contact.id) == pair.contact)
            #expect(try mine.list(ContactQuery(text: "ada")).total == 1)
            #expect(try mine.counts() == (1, 1))
            // The other account's own contact of the same name is its alone.
            let twin = try theirs.create(NewContact(name: "Ada Lovelace"))
            #expect(try mine.contacts(named: "Ada Lovelace").map(\.id) == [pair.contact.id])
            #expect(try theirs.contacts(named: "Ada Lovelace").map(\.id) == [twin.id])
            #expect(try pair.store.contacts(of: .default).counts() == (0, 0))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func deferredWritesStayInTheirAccount(kind: RepositoryKind) throws {
        try Self.withPair(kind) { pair throws in
            let theirs = pair.store.contacts(of: pair.b.key)
            let results = Mutex<[ContactWriteResult?]>([])
            theirs.update(id: pair.contact.id, ContactPatch(favorite: false), expectedRevision: nil) { result in
                results.withLock { $0.append(try? result.get()) }
            }
            theirs.delete(id: pair.contact.id, expectedRevision: nil) { result in
                results.withLock { $0.append(try? result.get()) }
            }
            // Completions may come later, from the committing thread.
            for _ in 0..<200 where results.withLock({ $0.count }) < 2 { usleepMilliseconds(10) }
            #expect(results.withLock { $0 } == [.notFound, .notFound])
            #expect(try pair.store.contacts(of: pair.a.key).get(id: pair.contact.id) == pair.contact)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func theChangeFeedNamesEachChangesAccount(kind: RepositoryKind) throws {
        try kind.withStore { store in
            let a = try store.accounts.createAccount(name: "A", tokenDigest: Array("feed-a".utf8))
            let seen = Mutex<[AccountKey]>([])
            store.changes.observe { change in seen.withLock { $0.append(change.account) } }
            _ = try store.contacts(of: a.key).create(NewContact(name: "One"))
            _ = try store.contacts(of: .default).create(NewContact(name: "Two"))
            #expect(seen.withLock { $0 } == [a.key, .default])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func triggersAndIdempotencyKeysAreKeptPerAccount(kind: RepositoryKind) throws {
        try Self.withPair(kind) { pair throws in
            let mine = pair.store.triggers(of: pair.a.key)
            let theirs = pair.store.triggers(of: pair.b.key)
            let before = try mine.reserveEventID()
            let answer = StoredAnswer(
                key: "k-1", requestDigest: "d", status: 200, body: Array("{}".utf8), createdAt: Timestamp(millisecondsSince1970: 5))
            let first = try mine.append(Self.record("t1", contactId: pair.contact.id), answer: answer)
            guard case .recorded(let firstID) = first else { Issue.record("not recorded: \(first)"); return }
            #expect(firstID > before)
            // The same key in another account is another key: recorded, not answered.
            let second = try theirs.append(Self.record("t2", contactId: pair.contact.id), answer: answer)
            guard case .recorded(let secondID) = second else { Issue.record("not recorded: \(second)"); return }
            // Event ids are one sequence across accounts.
            #expect(secondID > firstID)
            #expect(try theirs.answer(forKey: "k-2") == nil)
            #expect(try mine.triggers(limit: 10, type: nil, contactId: nil).map(\.id) == ["t1"])
            #expect(try theirs.triggers(limit: 10, type: nil, contactId: pair.contact.id).map(\.id) == ["t2"])
            #expect(try mine.stats().total == 1 && theirs.stats().total == 1)
            #expect(try theirs.stats().byContact == [pair.contact.id: 1])
            #expect(try mine.triggers(afterEventID: before, limit: 10)?.map(\.record.id) == ["t1"])
            #expect(try theirs.triggers(afterEventID: before, limit: 10)?.map(\.record.id) == ["t2"])
            // A retry in the first account gets its own answer back.
            #expect(try mine.append(Self.record("t3", contactId: nil), answer: answer) == .answered(answer))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func deletingAnAccountRemovesWhatItHeldAndNothingElse(kind: RepositoryKind) throws {
        try Self.withPair(kind) { pair throws in
            let changes = Mutex<[AccountChange]>([])
            pair.store.accounts.accountChanges.observe { change in changes.withLock { $0.append(change) } }
            let answer = StoredAnswer(key: "k", requestDigest: "d", status: 200, body: [], createdAt: Timestamp(millisecondsSince1970: 5))
            _ = try pair.store.triggers(of: pair.a.key).append(Self.record("ta", contactId: nil), answer: answer)
            _ = try pair.store.triggers(of: pair.b.key).append(Self.record("tb", contactId: nil), answer: answer)
            let kept = try pair.store.contacts(of: pair.b.key).create(NewContact(name: "Kept", favorite: true))

            #expect(try pair.store.accounts.deleteAccount(id: pair.a.id) == pair.a)
            #expect(changes.withLock { $0 } == [.deleted(pair.a.key)])
            #expect(try pair.store.accounts.account(id: pair.a.id) == nil)
            #expect(try pair.store.accounts.account(tokenDigest: Array("digest-a".utf8)) == nil)
            #expect(try pair.store.contacts(of: pair.a.key).counts() == (0, 0))
            #expect(try pair.store.contacts(of: pair.a.key).list(ContactQuery(text: "ada")).total == 0)
            #expect(try pair.store.triggers(of: pair.a.key).stats().total == 0)
            #expect(try pair.store.triggers(of: pair.a.key).answer(forKey: "k") == nil)
            #expect(try pair.store.contacts(of: pair.b.key).get(id: kept.id) == kept)
            #expect(try pair.store.triggers(of: pair.b.key).answer(forKey: "k") == answer)
            #expect(try pair.store.accounts.deleteAccount(id: pair.a.id) == nil)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func accountsAreFoundByIdAndTokenDigestAndPagedInCreationOrder(kind: RepositoryKind) throws {
        try kind.withStore { store in
            let initial = try store.accounts.accountCount()
            var created: [Account] = []
            for index in 0..<5 {
                created.append(try store.accounts.createAccount(name: "Account \(index)", tokenDigest: Array("page-\(index)".utf8)))
            }
            #expect(Set(created.map(\.id)).count == 5 && Set(created.map(\.key)).count == 5)
            #expect(created.allSatisfy { $0.id.count == 20 && $0.key != .default })
            #expect(try store.accounts.accountCount() == initial + 5)
            #expect(try store.accounts.account(id: created[2].id) == created[2])
            #expect(try store.accounts.account(tokenDigest: Array("page-3".utf8)) == created[3])
            #expect(try store.accounts.account(tokenDigest: Array("page-9".utf8)) == nil)
            var seen: [Account] = []
            var after: AccountKey?
            repeat {
                let page = try store.accounts.accounts(after: after, limit: 2)
                #expect(page.accounts.count <= 2)
                seen += page.accounts
                after = page.nextAfter
            } while after != nil
            #expect(seen.suffix(5) == created[...])
            #expect(seen.count == initial + 5)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func aReplacedTokenStopsFindingTheAccountAtOnce(kind: RepositoryKind) throws {
        try kind.withStore { store in
            let changes = Mutex<[AccountChange]>([])
            store.accounts.accountChanges.observe { change in changes.withLock { $0.append(change) } }
            let account = try store.accounts.createAccount(name: "Rotating", tokenDigest: Array("old".utf8))
            #expect(try store.accounts.replaceToken(accountID: account.id, tokenDigest: Array("new".utf8)) == account)
            #expect(try store.accounts.account(tokenDigest: Array("old".utf8)) == nil)
            #expect(try store.accounts.account(tokenDigest: Array("new".utf8)) == account)
            #expect(changes.withLock { $0 } == [.tokenReplaced(account.key)])
            #expect(try store.accounts.replaceToken(accountID: "nosuchaccount0000000", tokenDigest: Array("x".utf8)) == nil)
        }
    }

    private static func record(_ id: String, contactId: String?) -> TriggerRecord {
        TriggerRecord(
            id: id, type: "SearchAction", userInfo: nil, launch: nil, deviceId: nil, receivedAt: Timestamp(millisecondsSince1970: 10),
            message: "SearchAction triggered", contactId: contactId)
    }
}

/// Sleeps briefly (tests that wait for a completion from another thread).
func usleepMilliseconds(_ milliseconds: UInt32) {
    var request = timespec(tv_sec: 0, tv_nsec: Int(milliseconds) * 1_000_000)
    nanosleep(&request, nil)
}

extension AccountIsolationContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("AccountIsolationContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = AccountIsolationContractTests()

        @Test func contactsOfOneAccountAreNowhereInAnother() throws { try contract.contactsOfOneAccountAreNowhereInAnother(kind: .postgres) }
        @Test func deferredWritesStayInTheirAccount() throws { try contract.deferredWritesStayInTheirAccount(kind: .postgres) }
        @Test func theChangeFeedNamesEachChangesAccount() throws { try contract.theChangeFeedNamesEachChangesAccount(kind: .postgres) }
        @Test func triggersAndIdempotencyKeysAreKeptPerAccount() throws { try contract.triggersAndIdempotencyKeysAreKeptPerAccount(kind: .postgres) }
        @Test func deletingAnAccountRemovesWhatItHeldAndNothingElse() throws {
            try contract.deletingAnAccountRemovesWhatItHeldAndNothingElse(kind: .postgres)
        }
        @Test func accountsAreFoundByIdAndTokenDigestAndPagedInCreationOrder() throws {
            try contract.accountsAreFoundByIdAndTokenDigestAndPagedInCreationOrder(kind: .postgres)
        }
        @Test func aReplacedTokenStopsFindingTheAccountAtOnce() throws { try contract.aReplacedTokenStopsFindingTheAccountAtOnce(kind: .postgres) }
    }
}
