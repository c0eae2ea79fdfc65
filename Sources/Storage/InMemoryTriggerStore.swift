import QuickActions
import Synchronization

/// Triggers in memory: for unit tests and `--store memory`.
public final class InMemoryTriggerStore: TriggerStore {
    private struct State {
        var records: [TriggerRecord] = []
        var answers: [String: StoredAnswer] = [:]
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    public func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer? {
        state.withLock { state in
            if let answer, let existing = state.answers[answer.key] { return existing }
            state.records.append(record)
            if let answer { state.answers[answer.key] = answer }
            return nil
        }
    }

    public func answer(forKey key: String) throws(StorageError) -> StoredAnswer? {
        state.withLock { $0.answers[key] }
    }

    public func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord] {
        state.withLock { state in
            Array(
                state.records.reversed().filter { record in
                    (type == nil || record.type == type) && (contactId == nil || record.contactId == contactId)
                }.prefix(limit))
        }
    }

    public func stats() throws(StorageError) -> TriggerStats {
        state.withLock { state in
            var byType: [String: Int] = [:]
            var byContact: [String: Int] = [:]
            for record in state.records {
                byType[record.type, default: 0] += 1
                if let contactId = record.contactId { byContact[contactId, default: 0] += 1 }
            }
            return TriggerStats(total: state.records.count, byType: byType, byContact: byContact)
        }
    }

    @discardableResult
    public func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int {
        state.withLock { state in
            let old = state.answers.filter { $0.value.createdAt < cutoff }.map(\.key)
            old.forEach { state.answers.removeValue(forKey: $0) }
            return old.count
        }
    }

    public func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        state.withLock { state in
            let old = state.answers.values.filter { $0.createdAt < cutoff }.sorted { $0.createdAt < $1.createdAt }.prefix(max(limit, 0))
            old.forEach { state.answers.removeValue(forKey: $0.key) }
            return old.count
        }
    }

    public func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        state.withLock { state in
            var removed = 0
            state.records.removeAll { record in
                guard removed < limit, record.receivedAt < cutoff else { return false }
                removed += 1
                return true
            }
            return removed
        }
    }

    public func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int) {
        state.withLock { ($0.answers.count, $0.records.count) }
    }
}
