import Dispatch
import QuickActions
import StorageCore
import Synchronization
import Testing

/// The writes `POST`, `PATCH` and `DELETE /contacts…` take (`create`, `update` and `delete` with a
/// completion): the same results as the waiting forms, each reported to the change feed once,
/// in commit order, before its completion runs.
@Suite struct DeferredWriteContractTests {
    /// Waits (bounded) for a completion-style call.
    static func wait<Value: Sendable>(_ start: (@escaping @Sendable (Result<Value, StorageError>) -> Void) -> Void) throws -> Value {
        let box = Mutex<Result<Value, StorageError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        start { result in
            box.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + 10) == .success, let result = box.withLock({ $0 }) else {
            throw StorageError(message: "no completion within 10 s")
        }
        return try result.get()
    }

    @Test(arguments: RepositoryKind.local)
    func writesWithCompletionsMatchTheWaitingOnes(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let changes = Mutex<[ContactChange]>([])
            repository.changes.observe { change in changes.withLock { $0.append(change) } }

            let created = try Self.wait { repository.create(NewContact(name: "Ada", email: nil, favorite: false), completion: $0) }
            #expect(try repository.get(id: created.id) == created)
            #expect(
                changes.withLock { $0 } == [ContactChange(account: repository.account, before: nil, after: created)],
                "reported before its completion ran")

            let updated = try Self.wait {
                repository.update(id: created.id, ContactPatch(favorite: true), expectedRevision: created.revision, completion: $0)
            }
            guard case .done(let before, let after?) = updated else {
                Issue.record("update: \(updated)")
                return
            }
            #expect(before == created && after.favorite && after.revision == created.revision + 1)
            #expect(try repository.get(id: created.id) == after)
            // Each change carries what it did to the disabled items (the clock stands still: `updatedAt` is now).
            #expect(
                changes.withLock { $0.last }
                    == ContactChange(
                        account: repository.account, before: created, after: after,
                        disabledItem: DisabledItemChange.of(before: created, after: after, at: after.updatedAt)))

            let stale = try Self.wait {
                repository.update(id: created.id, ContactPatch(name: "X"), expectedRevision: created.revision, completion: $0)
            }
            #expect(stale == .revisionMismatch(current: after))
            #expect(try Self.wait { repository.delete(id: "nobody", expectedRevision: nil, completion: $0) } == .notFound)
            #expect(changes.withLock { $0.count } == 2, "a write that did not happen is not reported")

            let deleted = try Self.wait { repository.delete(id: created.id, expectedRevision: after.revision, completion: $0) }
            #expect(deleted == .done(before: after, after: nil))
            #expect(try repository.get(id: created.id) == nil)
            #expect(
                changes.withLock { $0.last }
                    == ContactChange(
                        account: repository.account, before: after, after: nil,
                        disabledItem: .keep(DisabledItem.favorite(after.id, reason: .deleted, since: after.updatedAt))))
        }
    }

    @Test(arguments: RepositoryKind.local)
    func concurrentTogglesAreReportedInCommitOrder(kind: RepositoryKind) throws {
        try kind.withRepository { repository in
            let contact = try repository.create(NewContact(name: "Grace", email: nil, favorite: false))
            let revisions = Mutex<[Int64]>([])
            repository.changes.observe { change in revisions.withLock { $0.append(change.after?.revision ?? -1) } }
            let group = DispatchGroup()
            for index in 0..<200 {
                group.enter()
                repository.update(id: contact.id, ContactPatch(favorite: index % 2 == 0), expectedRevision: nil) { _ in group.leave() }
            }
            #expect(group.wait(timeout: .now() + 30) == .success)
            let seen = revisions.withLock { $0 }
            #expect(seen.count == 200)
            #expect(seen == seen.sorted(), "changes reported out of commit order")
            #expect(try repository.get(id: contact.id)?.revision == seen.last)
        }
    }
}

extension DeferredWriteContractTests {
    /// The same contract on PostgreSQL: reported skipped, with the reason, unless
    /// `QUICKACTIOND_TEST_POSTGRES` names a server (`make test-postgres`).
    @Suite("DeferredWriteContractTests on PostgreSQL", .postgreSQL) struct OnPostgreSQL {
        let contract = DeferredWriteContractTests()

        @Test func writesWithCompletionsMatchTheWaitingOnes() throws { try contract.writesWithCompletionsMatchTheWaitingOnes(kind: .postgres) }
        @Test func concurrentTogglesAreReportedInCommitOrder() throws { try contract.concurrentTogglesAreReportedInCommitOrder(kind: .postgres) }
    }
}
