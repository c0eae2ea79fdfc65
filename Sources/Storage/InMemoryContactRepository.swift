import QuickActions
import Synchronization

/// Contacts in memory: for unit tests and `--store memory`. Lost when the process ends.
public final class InMemoryContactRepository: ContactRepository {
    private struct State {
        var contacts: [Contact] = []
        var nextSequence: Int64 = 1
    }

    private let state = Mutex(State())
    private let clock: @Sendable () -> Timestamp
    public let changes = ContactChangeFeed()

    /// Creates an empty repository; `clock` supplies timestamps.
    public init(clock: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.clock = clock
    }

    public func create(_ contact: NewContact) throws(StorageError) -> Contact {
        let now = clock()
        return state.withLock { state in
            let created = Contact(
                id: ContactID.generate(at: now), name: contact.name, email: contact.email, favorite: contact.favorite,
                createdAt: now, updatedAt: now, revision: 1, sequence: state.nextSequence)
            state.nextSequence += 1
            state.contacts.append(created)
            // Under the lock: observers see changes in the order they were made.
            changes.publish(ContactChange(before: nil, after: created))
            return created
        }
    }

    public func get(id: String) throws(StorageError) -> Contact? {
        state.withLock { $0.contacts.first { $0.id == id } }
    }

    public func list(_ query: ContactQuery) throws(StorageError) -> ContactPage {
        state.withLock { state in
            let matching = state.contacts.filter(query.matches)
            let after = matching.filter { $0.sequence > (query.after ?? 0) }
            let page = Array(after.prefix(query.limit))
            let next = after.count > page.count ? page.last?.sequence : nil
            return ContactPage(contacts: page, total: matching.count, nextAfter: next)
        }
    }

    public func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = clock()
        return state.withLock { state in
            guard let index = state.contacts.firstIndex(where: { $0.id == id }) else { return .notFound }
            let before = state.contacts[index]
            if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
            var after = patch.applied(to: before)
            after.updatedAt = max(now, before.updatedAt)
            after.revision = before.revision + 1
            state.contacts[index] = after
            changes.publish(ContactChange(before: before, after: after))
            return .done(before: before, after: after)
        }
    }

    public func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        state.withLock { state in
            guard let index = state.contacts.firstIndex(where: { $0.id == id }) else { return .notFound }
            let before = state.contacts[index]
            if let expectedRevision, expectedRevision != before.revision { return .revisionMismatch(current: before) }
            state.contacts.remove(at: index)
            changes.publish(ContactChange(before: before, after: nil))
            return .done(before: before, after: nil)
        }
    }

    public func favorites() throws(StorageError) -> [Contact] {
        state.withLock { $0.contacts.filter(\.favorite) }
    }

    public func contacts(named name: String) throws(StorageError) -> [Contact] {
        guard let key = ContactName.key(name) else { return [] }
        return state.withLock { $0.contacts.filter { ContactName.matches($0.name, key: key) } }
    }

    public func counts() throws(StorageError) -> (contacts: Int, favorites: Int) {
        state.withLock { ($0.contacts.count, $0.contacts.count(where: \.favorite)) }
    }

    public func ping() throws(StorageError) {}
}
