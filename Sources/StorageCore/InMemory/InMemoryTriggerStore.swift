import QuickActions
import Synchronization

/// Triggers in memory: for unit tests and `--store memory`. One log for every account (event
/// ids are global, as in the database stores); each view sees its own account's part.
public final class InMemoryTriggerStore: TriggerStore {
    private struct Logged {
        var account: AccountKey
        var eventID: Int64
        var record: TriggerRecord
    }

    private struct State {
        var logged: [Logged] = []
        var answers: [AccountKey: [String: StoredAnswer]] = [:]
        /// The last event id given.
        var lastEventID: Int64 = 0
        /// The highest event id of a purged trigger.
        var purgedThrough: Int64 = 0
        /// Accounts deleted: an append for one of them stores nothing.
        var deleted: Set<AccountKey> = []
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
        /// The contacts whose use scores picks count in, and whose disabled items the purge removes.
        let contacts: InMemoryContactRepository?

        init(contacts: InMemoryContactRepository?) {
            self.contacts = contacts
        }
    }

    private let shared: Shared
    /// Whose triggers and answers this view holds.
    public let account: AccountKey

    /// Creates an empty store, viewed as the account `default`'s; with `contacts`, picks count
    /// in their use scores, and the purge removes their expired disabled items.
    public init(contacts: InMemoryContactRepository? = nil) {
        shared = Shared(contacts: contacts)
        account = .default
    }

    private init(shared: Shared, account: AccountKey) {
        self.shared = shared
        self.account = account
    }

    /// The same store, viewed as `account`'s.
    public func scoped(to account: AccountKey) -> InMemoryTriggerStore {
        InMemoryTriggerStore(shared: shared, account: account)
    }

    /// Removes everything `account` holds (its deletion), and refuses its appends from now on.
    func removeAll(of account: AccountKey) {
        shared.state.withLock { state in
            state.logged.removeAll { $0.account == account }
            state.answers[account] = nil
            state.deleted.insert(account)
        }
    }

    /// Takes appends of `account` again (the account `default`, restored).
    func restore(_ account: AccountKey) {
        shared.state.withLock { _ = $0.deleted.remove(account) }
    }

    public func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer? {
        if case .answered(let existing) = try append(record, answer: answer) { return existing }
        return nil
    }

    public func append(_ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?) throws(StorageError) -> TriggerAppend {
        let contacts = pick == nil ? nil : shared.contacts.map { account == .default ? $0 : $0.scoped(to: account) }
        return try shared.state.withLock { (state) throws(StorageError) -> TriggerAppend in
            if state.deleted.contains(account) { throw StorageError.accountDeleted }
            if let answer {
                // The claim: the first to store the key wins; the others get its answer.
                if let existing = state.answers[account]?[answer.key] { return .answered(existing) }
                state.answers[account, default: [:]][answer.key] = answer
            }
            state.lastEventID += 1
            state.logged.append(Logged(account: account, eventID: state.lastEventID, record: record))
            // Under the triggers' lock, as a database counts it in the trigger's transaction.
            if let pick, let contacts { _ = contacts.count(pick) }
            return .recorded(eventID: state.lastEventID)
        }
    }

    public func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]? {
        shared.state.withLock { state in
            guard id >= state.purgedThrough, id <= state.lastEventID else { return nil }
            return state.logged.lazy.filter { $0.account == self.account && $0.eventID > id }.prefix(max(limit, 0)).map {
                LoggedTrigger(eventID: $0.eventID, record: $0.record)
            }
        }
    }

    public func loggedTriggers(after id: Int64, before end: Int64?, limit: Int) throws(StorageError) -> [AccountLoggedTrigger] {
        // Ids are given and triggers logged under one lock: the log is in id order, and whatever
        // a read sees, no lower id comes after it.
        shared.state.withLock { state in
            state.logged.lazy.filter { $0.eventID > id && $0.eventID < end ?? .max }.prefix(max(limit, 0)).map {
                (account: $0.account, trigger: LoggedTrigger(eventID: $0.eventID, record: $0.record))
            }
        }
    }

    public func reserveEventID() throws(StorageError) -> Int64 {
        shared.state.withLock { state in
            state.lastEventID += 1
            return state.lastEventID
        }
    }

    public func answer(forKey key: String) throws(StorageError) -> StoredAnswer? {
        shared.state.withLock { $0.answers[account]?[key] }
    }

    public func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord] {
        shared.state.withLock { state in
            Array(
                state.logged.reversed().lazy.filter { logged in
                    logged.account == self.account && (type == nil || logged.record.type == type)
                        && (contactId == nil || logged.record.contactId == contactId)
                }.prefix(limit).map(\.record))
        }
    }

    public func stats() throws(StorageError) -> TriggerStats {
        shared.state.withLock { state in
            var byType: [String: Int] = [:]
            var byContact: [String: Int] = [:]
            var total = 0
            for logged in state.logged where logged.account == account {
                total += 1
                byType[logged.record.type, default: 0] += 1
                if let contactId = logged.record.contactId { byContact[contactId, default: 0] += 1 }
            }
            return TriggerStats(total: total, byType: byType, byContact: byContact)
        }
    }

    @discardableResult
    public func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int {
        try purgeAnswers(before: cutoff, limit: Int.max)
    }

    public func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        shared.state.withLock { state in
            let old = state.answers.flatMap { account, answers in answers.values.map { (account, $0) } }
                .filter { $0.1.createdAt < cutoff }.sorted { $0.1.createdAt < $1.1.createdAt }.prefix(max(limit, 0))
            old.forEach { state.answers[$0.0]?[$0.1.key] = nil }
            return old.count
        }
    }

    public func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        shared.state.withLock { state in
            // Oldest first by arrival, as SQLite's index on received_ms would go.
            let doomed = state.logged.indices.filter { state.logged[$0].record.receivedAt < cutoff }.prefix(max(limit, 0))
            for index in doomed.reversed() {
                state.purgedThrough = max(state.purgedThrough, state.logged[index].eventID)
                state.logged.remove(at: index)
            }
            return doomed.count
        }
    }

    public func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int) {
        shared.state.withLock { state in (state.answers.values.reduce(0) { $0 + $1.count }, state.logged.count) }
    }

    public func purgeDisabled(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        shared.contacts?.purgeDisabledItems(before: cutoff, limit: limit) ?? 0
    }

    public func disabledCount() throws(StorageError) -> Int {
        shared.contacts?.disabledItemCount ?? 0
    }
}
