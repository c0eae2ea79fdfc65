import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

/// What every `ContactRepository` keeps of a contact: creates, pages, updates and deletes with
/// their revisions, favorites, counts and the seed, run against each implementation (search and
/// lookups by name: `ContactSearchContractTests`).
@Suite struct ContactRepositoryContractTests {
    @Test(arguments: RepositoryKind.local)
    func createThenGet(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withRepository(clock: clock) { repository in
            let start = clock.now
            let ada = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com", favorite: true))
            clock.advance(by: 5)
            let odd = try repository.create(NewContact(name: #"Zoë 😀 "quoted" 'single' %_\ back"#))
            #expect(ada.id.count == 20)
            #expect(ada.id != odd.id)
            #expect(ada.name == "Ada Lovelace" && ada.email == "ada@example.com" && ada.favorite)
            #expect(ada.createdAt == start && ada.updatedAt == start)
            #expect(ada.revision == 1 && odd.revision == 1)
            #expect(ada.sequence == 1 && odd.sequence == 2)
            #expect(odd.email == nil && !odd.favorite && odd.createdAt == clock.now)
            #expect(try repository.get(id: ada.id) == ada)
            #expect(try repository.get(id: odd.id) == odd)
            #expect(try repository.get(id: "nosuchcontact0000000") == nil)
            try repository.ping()
        }
    }

    /// `create(_:completion:)`, the path `POST /contacts` takes: each completion runs once, with
    /// a contact that is stored (and durable) by then.
    @Test(arguments: RepositoryKind.local)
    func createWithCompletionCompletesOnceWithAStoredContact(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let results = Mutex<[Result<Contact, StorageError>]>([])
            let done = DispatchGroup()
            DispatchQueue.concurrentPerform(iterations: 20) { index in
                done.enter()
                repository.create(NewContact(name: "Async \(index)", email: nil, favorite: index % 2 == 0)) { result in
                    results.withLock { $0.append(result) }
                    done.leave()
                }
            }
            #expect(done.wait(timeout: .now() + 10) == .success)
            let created = try results.withLock { $0 }.map { try $0.get() }
            #expect(created.count == 20)
            #expect(Set(created.map(\.id)).count == 20 && Set(created.map(\.sequence)).count == 20)
            for contact in created { #expect(try repository.get(id: contact.id) == contact) }
            #expect(try repository.counts() == (contacts: 20, favorites: 10))
            #expect(Set(try repository.favorites().map(\.id)) == Set(created.filter(\.favorite).map(\.id)))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func listPagesInCreationOrderWithTotalAndCursor(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let created = try repository.create(names: ["One", "Two", "Three", "Four", "Five"])
            let first = try repository.list(ContactQuery(limit: 2))
            #expect(first.contacts == Array(created[0..<2]))
            #expect(first.total == 5 && first.nextAfter == created[1].sequence)
            let second = try repository.list(ContactQuery(limit: 2, after: first.nextAfter))
            #expect(second.contacts == Array(created[2..<4]))
            #expect(second.total == 5 && second.nextAfter == created[3].sequence)
            let last = try repository.list(ContactQuery(limit: 2, after: second.nextAfter))
            #expect(last.contacts == [created[4]])
            #expect(last.total == 5 && last.nextAfter == nil)
            // A page that ends exactly at the last contact has no next page.
            let exact = try repository.list(ContactQuery(limit: 3, after: created[1].sequence))
            #expect(exact.contacts == Array(created[2...]) && exact.nextAfter == nil && exact.total == 5)
            let all = try repository.list(ContactQuery())
            #expect(all.contacts == created && all.total == 5 && all.nextAfter == nil)
            let empty = try repository.list(ContactQuery(limit: 0))
            #expect(empty.contacts.isEmpty && empty.total == 5 && empty.nextAfter == nil)
            let beyond = try repository.list(ContactQuery(after: created[4].sequence))
            #expect(beyond.contacts.isEmpty && beyond.total == 5 && beyond.nextAfter == nil)
            #expect(try repository.list(ContactQuery(text: "")).contacts == created)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func updateBumpsRevisionAndTimestamp(kind: RepositoryKind) throws {
        let clock = TestClock()
        try kind.withRepository(clock: clock) { repository in
            let ada = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com"))
            clock.advance(by: 1_000)
            let renamed = try repository.update(id: ada.id, ContactPatch(name: "Countess Byron", favorite: true), expectedRevision: nil)
            var expected = ada
            expected.name = "Countess Byron"
            expected.favorite = true
            expected.revision = 2
            expected.updatedAt = clock.now
            #expect(renamed == .done(before: ada, after: expected))
            #expect(try repository.get(id: ada.id) == expected)
            // The clock going back never makes updatedAt go back.
            let before = expected
            clock.advance(by: -60_000)
            let cleared = try repository.update(id: ada.id, ContactPatch(email: .some(nil)), expectedRevision: 2)
            expected.email = nil
            expected.revision = 3
            #expect(cleared == .done(before: before, after: expected))
            #expect(try repository.get(id: ada.id) == expected)
            #expect(expected.createdAt == ada.createdAt && expected.sequence == ada.sequence)
            #expect(try repository.update(id: "nosuchcontact0000000", ContactPatch(name: "X"), expectedRevision: nil) == .notFound)
        }
    }

    @Test(arguments: RepositoryKind.local)
    func updateChangesWhatSearchFinds(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let ada = try repository.create(NewContact(name: "Ada Lovelace", email: "ada@example.com"))
            _ = try repository.update(id: ada.id, ContactPatch(name: "Countess Byron", email: .some("countess@example.org")), expectedRevision: nil)
            #expect(try repository.search("lovelace") == [])
            #expect(try repository.search("ada") == [])
            #expect(try repository.search("byron") == ["Countess Byron"])
            #expect(try repository.search(".org") == ["Countess Byron"])
            #expect(try repository.search("by") == ["Countess Byron"])
            _ = try repository.update(id: ada.id, ContactPatch(favorite: true), expectedRevision: nil)
            #expect(try repository.search("byron", favorite: true) == ["Countess Byron"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func conditionalUpdateChecksRevision(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let ada = try repository.create(NewContact(name: "Ada Lovelace"))
            guard case .done(_, let after?) = try repository.update(id: ada.id, ContactPatch(name: "Ada"), expectedRevision: 1) else {
                Issue.record("the update with the current revision failed")
                return
            }
            #expect(after.revision == 2)
            let stale = try repository.update(id: ada.id, ContactPatch(name: "Stale"), expectedRevision: 1)
            #expect(stale == .revisionMismatch(current: after))
            #expect(try repository.get(id: ada.id) == after)
            #expect(try repository.search("stale") == [])
            #expect(try repository.contacts(named: "Ada") == [after])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func deleteRemovesAndChecksRevision(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let created = try repository.create(names: ["One", "Two", "Three"])
            #expect(try repository.delete(id: created[1].id, expectedRevision: 7) == .revisionMismatch(current: created[1]))
            #expect(try repository.get(id: created[1].id) == created[1])
            #expect(try repository.counts() == (3, 0))
            #expect(try repository.delete(id: created[1].id, expectedRevision: 1) == .done(before: created[1], after: nil))
            #expect(try repository.get(id: created[1].id) == nil)
            #expect(try repository.delete(id: created[1].id, expectedRevision: nil) == .notFound)
            #expect(try repository.delete(id: created[2].id, expectedRevision: nil) == .done(before: created[2], after: nil))
            let remaining = try repository.list(ContactQuery())
            #expect(remaining.contacts == [created[0]] && remaining.total == 1)
            #expect(try repository.search("two") == [] && repository.search("t") == [])
            // Sequence numbers are never reused, even for the newest contact deleted.
            let four = try repository.create(NewContact(name: "Four"))
            #expect(four.sequence > created[2].sequence)
            #expect(try repository.list(ContactQuery(after: created[0].sequence)).contacts == [four])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func favoritesInCreationOrder(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            try repository.seedIfEmpty()
            #expect(try repository.favorites().map(\.name) == ["Ada Lovelace", "Grace Hopper"])
            let alan = try #require(try repository.contacts(named: "Alan Turing").first)
            let ada = try #require(try repository.contacts(named: "Ada Lovelace").first)
            _ = try repository.update(id: alan.id, ContactPatch(favorite: true), expectedRevision: nil)
            _ = try repository.update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
            #expect(try repository.favorites().map(\.name) == ["Grace Hopper", "Alan Turing"])
        }
    }

    @Test(arguments: RepositoryKind.local)
    func countsContactsAndFavorites(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            #expect(try repository.counts() == (0, 0))
            let ada = try repository.create(NewContact(name: "Ada", favorite: true))
            try repository.create(names: ["Grace", "Alan"])
            #expect(try repository.counts() == (3, 1))
            _ = try repository.update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
            #expect(try repository.counts() == (3, 0))
            _ = try repository.delete(id: ada.id, expectedRevision: nil)
            #expect(try repository.counts() == (2, 0))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func seedIfEmptySeedsOnce(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            #expect(try repository.seedIfEmpty())
            let seeded = try repository.list(ContactQuery())
            #expect(seeded.contacts.map(\.name) == DemoContacts.all.map(\.name))
            #expect(seeded.contacts.map(\.email) == DemoContacts.all.map(\.email))
            #expect(seeded.contacts.map(\.favorite) == DemoContacts.all.map(\.favorite))
            #expect(try repository.seedIfEmpty() == false)
            #expect(try repository.counts() == (4, 2))
        }
        try kind.withRepository { repository in
            try repository.create(names: ["Someone"])
            #expect(try repository.seedIfEmpty() == false)
            #expect(try repository.counts() == (1, 0))
        }
    }
}

extension ContactRepositoryContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("ContactRepositoryContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = ContactRepositoryContractTests()

        @Test func createThenGet() throws { try contract.createThenGet(kind: .postgres) }
        @Test func createWithCompletionCompletesOnceWithAStoredContact() throws {
            try contract.createWithCompletionCompletesOnceWithAStoredContact(kind: .postgres)
        }
        @Test func listPagesInCreationOrderWithTotalAndCursor() throws { try contract.listPagesInCreationOrderWithTotalAndCursor(kind: .postgres) }
        @Test func updateBumpsRevisionAndTimestamp() throws { try contract.updateBumpsRevisionAndTimestamp(kind: .postgres) }
        @Test func updateChangesWhatSearchFinds() throws { try contract.updateChangesWhatSearchFinds(kind: .postgres) }
        @Test func conditionalUpdateChecksRevision() throws { try contract.conditionalUpdateChecksRevision(kind: .postgres) }
        @Test func deleteRemovesAndChecksRevision() throws { try contract.deleteRemovesAndChecksRevision(kind: .postgres) }
        @Test func favoritesInCreationOrder() throws { try contract.favoritesInCreationOrder(kind: .postgres) }
        @Test func countsContactsAndFavorites() throws { try contract.countsContactsAndFavorites(kind: .postgres) }
        @Test func seedIfEmptySeedsOnce() throws { try contract.seedIfEmptySeedsOnce(kind: .postgres) }
    }
}
