import QuickActions
import Synchronization

/// Contacts in memory: for unit tests and `--store memory`. Lost when the process ends.
/// Every account's contacts share one store (and one sequence); a view sees its account's.
public final class InMemoryContactRepository: ContactRepository {
    private struct State {
        var byAccount: [AccountKey: [Contact]] = [:]
        /// Each account's disabled items, oldest first.
        var disabledItems: [AccountKey: [DisabledItem]] = [:]
        var nextSequence: Int64 = 1
        /// Accounts deleted: a create for one of them stores nothing.
        var deleted: Set<AccountKey> = []
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
        let changes = ContactChangeFeed()
        /// The most disabled items an account keeps.
        let maxDisabledItems: Int

        init(maxDisabledItems: Int) {
            self.maxDisabledItems = maxDisabledItems
        }
    }

    private let shared: Shared
    private let clock: @Sendable () -> Timestamp
    /// Whose contacts this view holds.
    public let account: AccountKey
    /// The store's feed: every account's changes, each naming its account.
    public var changes: ContactChangeFeed { shared.changes }

    /// Creates an empty repository, viewed as the account `default`'s; `clock` supplies
    /// timestamps, and each account keeps at most `limits.maxDisabledItems` disabled items.
    public init(clock: @escaping @Sendable () -> Timestamp = Timestamp.now, limits: StoreLimits = .standard) {
        self.shared = Shared(maxDisabledItems: limits.maxDisabledItems)
        self.clock = clock
        self.account = .default
    }

    private init(shared: Shared, account: AccountKey, clock: @escaping @Sendable () -> Timestamp) {
        self.shared = shared
        self.account = account
        self.clock = clock
    }

    /// The same store, viewed as `account`'s.
    public func scoped(to account: AccountKey) -> InMemoryContactRepository {
        InMemoryContactRepository(shared: shared, account: account, clock: clock)
    }

    /// Removes every contact of `account` (its deletion; no change is reported per contact),
    /// and refuses its creates from now on.
    func removeAll(of account: AccountKey) {
        shared.state.withLock { state in
            state.byAccount[account] = nil
            state.disabledItems[account] = nil
            state.deleted.insert(account)
        }
    }

    /// Takes creates of `account` again (the account `default`, restored).
    func restore(_ account: AccountKey) {
        shared.state.withLock { _ = $0.deleted.remove(account) }
    }

    public func create(_ contact: NewContact, quota: Int?) throws(StorageError) -> Contact {
        let now = clock()
        return try shared.state.withLock { (state) throws(StorageError) -> Contact in
            if state.deleted.contains(account) { throw StorageError.accountDeleted }
            if let quota, state.byAccount[account, default: []].count >= quota { throw StorageError.quotaExceeded(limit: quota) }
            let created = ContactWriteRule.created(contact, id: ContactID.generate(at: now), at: now, sequence: state.nextSequence)
            state.nextSequence += 1
            state.byAccount[account, default: []].append(created)
            // Under the lock: observers see changes in the order they were made.
            changes.publish(ContactChange(account: account, before: nil, after: created))
            return created
        }
    }

    public func get(id: String) throws(StorageError) -> Contact? {
        shared.state.withLock { $0.byAccount[account]?.first { $0.id == id } }
    }

    public func list(_ query: ContactQuery) throws(StorageError) -> ContactPage {
        shared.state.withLock { state in
            let matching = (state.byAccount[account] ?? []).filter(query.matches)
            let after = matching.filter { $0.sequence > (query.after ?? 0) }
            let page = Array(after.prefix(query.limit))
            let next = after.count > page.count ? page.last?.sequence : nil
            return ContactPage(contacts: page, total: matching.count, nextAfter: next)
        }
    }

    public func update(id: String, _ patch: ContactPatch, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = clock()
        return shared.state.withLock { state in
            let contacts = state.byAccount[account] ?? []
            let index = contacts.firstIndex { $0.id == id }
            let result = ContactWriteRule.update(index.map { contacts[$0] }, with: patch, expectedRevision: expectedRevision, at: now) {
                (contacts.compactMap(\.pinOrder).max() ?? 0) + 1
            }
            if let index, case .done(let before, let after?) = result {
                state.byAccount[account]?[index] = after
                let disabledItem = ContactWriteRule.disabledItem(of: result, at: now)
                Self.apply(disabledItem, to: &state.disabledItems[account, default: []], limit: shared.maxDisabledItems)
                changes.publish(ContactChange(account: account, before: before, after: after, disabledItem: disabledItem))
            }
            return result
        }
    }

    public func delete(id: String, expectedRevision: Int64?) throws(StorageError) -> ContactWriteResult {
        let now = clock()
        return shared.state.withLock { state in
            let index = state.byAccount[account]?.firstIndex { $0.id == id }
            let result = ContactWriteRule.delete(index.flatMap { state.byAccount[account]?[$0] }, expectedRevision: expectedRevision)
            if let index, case .done(let before, _) = result {
                state.byAccount[account]?.remove(at: index)
                let disabledItem = ContactWriteRule.disabledItem(of: result, at: now)
                Self.apply(disabledItem, to: &state.disabledItems[account, default: []], limit: shared.maxDisabledItems)
                changes.publish(ContactChange(account: account, before: before, after: nil, disabledItem: disabledItem))
            }
            return result
        }
    }

    /// Applies `change` to an account's disabled items (oldest first); a kept disabled item then
    /// leaves no more than `limit`, the newest by time and then id, as the databases order them.
    static func apply(_ change: DisabledItemChange, to disabledItems: inout [DisabledItem], limit: Int) {
        switch change {
        case .none:
            break
        case .keep(let disabledItem):
            disabledItems.removeAll { $0.subject == disabledItem.subject }
            disabledItems.append(disabledItem)
            guard disabledItems.count > limit else { return }
            let oldest = Set(
                disabledItems.sorted { ($0.since, $0.subject.id) < ($1.since, $1.subject.id) }.prefix(disabledItems.count - limit).map(\.subject))
            disabledItems.removeAll { oldest.contains($0.subject) }
        case .replaceExisting(let disabledItem):
            guard let index = disabledItems.firstIndex(where: { $0.subject == disabledItem.subject }) else { return }
            disabledItems.remove(at: index)
            disabledItems.append(disabledItem)
        case .remove(let subject):
            disabledItems.removeAll { $0.subject == subject }
        }
    }

    /// Counts `pick` in the use score of its contact when it is one of this account's
    /// favorites, and publishes the new key; nil when it is not.
    func count(_ pick: UsagePick) -> UsageChange? {
        shared.state.withLock { state in
            guard let index = state.byAccount[account]?.firstIndex(where: { $0.id == pick.contactId && $0.favorite }),
                let contact = state.byAccount[account]?[index]
            else { return nil }
            let change = pick.change(of: (contact.sequence, contact.usageKey))
            if let change {
                state.byAccount[account]?[index].usageKey = change.usageKey
                changes.publish(ContactChange(account: account, usage: change))
            }
            return change
        }
    }

    /// Rescales every account's usage keys from `previous` to `halfLife` at `now`
    /// (`UsageScore.rescaled`); returns how many.
    func rescaleUsageKeys(from previous: UsageHalfLife, to halfLife: UsageHalfLife, at now: Timestamp) -> Int {
        shared.state.withLock { state in
            var count = 0
            for account in state.byAccount.keys {
                for index in state.byAccount[account, default: []].indices {
                    guard let score = state.byAccount[account]?[index].usageKey.flatMap(UsageScore.init(key:)) else { continue }
                    state.byAccount[account]?[index].usageKey = score.rescaled(from: previous, to: halfLife, at: now).key
                    count += 1
                }
            }
            return count
        }
    }

    /// Deletes at most `limit` disabled items (of every account) older than `cutoff`, oldest first.
    /// Returns how many.
    func purgeDisabledItems(before cutoff: Timestamp, limit: Int) -> Int {
        shared.state.withLock { state in
            let expired = state.disabledItems.flatMap { account, disabledItems in disabledItems.filter { $0.since < cutoff }.map { (account, $0) } }
                .sorted { $0.1.since < $1.1.since }.prefix(max(limit, 0))
            for (account, disabledItem) in expired { state.disabledItems[account]?.removeAll { $0.subject == disabledItem.subject } }
            return expired.count
        }
    }

    /// How many disabled items are stored (every account's).
    var disabledItemCount: Int {
        shared.state.withLock { $0.disabledItems.values.reduce(0) { $0 + $1.count } }
    }

    public func disabledItems() throws(StorageError) -> [DisabledItem] {
        shared.state.withLock { $0.disabledItems[account] ?? [] }
    }

    public func favorites() throws(StorageError) -> [Contact] {
        shared.state.withLock { ($0.byAccount[account] ?? []).filter(\.favorite) }
    }

    public func contacts(named name: String) throws(StorageError) -> [Contact] {
        guard let key = ContactName.key(name) else { return [] }
        return shared.state.withLock { ($0.byAccount[account] ?? []).filter { ContactName.matches($0.name, key: key) } }
    }

    public func counts() throws(StorageError) -> (contacts: Int, favorites: Int) {
        shared.state.withLock { state in
            let contacts = state.byAccount[account] ?? []
            return (contacts.count, contacts.count(where: \.favorite))
        }
    }

    public func ping() throws(StorageError) {}
}
