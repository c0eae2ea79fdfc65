import QuickActions
import Synchronization

/// Triggers in memory: for unit tests and `--store memory`.
public final class InMemoryTriggerStore: TriggerStore {
    private struct State {
        var records: [TriggerRecord] = []
        var answers: [String: StoredAnswer] = [:]
        /// Event ids of `records`, index for index.
        var eventIDs: [Int64] = []
        /// The last event id given.
        var lastEventID: Int64 = 0
        /// The highest event id of a purged trigger.
        var purgedThrough: Int64 = 0
    }

    private let state = Mutex(State())

    /// Creates an empty store.
    public init() {}

    public func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer? {
        if case .answered(let existing) = try append(record, answer: answer) { return existing }
        return nil
    }

    public func append(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> TriggerAppend {
        state.withLock { state in
            if let answer, let existing = state.answers[answer.key] { return .answered(existing) }
            state.lastEventID += 1
            state.records.append(record)
            state.eventIDs.append(state.lastEventID)
            if let answer { state.answers[answer.key] = answer }
            return .recorded(eventID: state.lastEventID)
        }
    }

    public func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]? {
        state.withLock { state in
            guard id >= state.purgedThrough, id <= state.lastEventID else { return nil }
            let start = state.eventIDs.firstIndex { $0 > id } ?? state.eventIDs.endIndex
            return zip(state.eventIDs[start...], state.records[start...]).prefix(max(limit, 0)).map {
                LoggedTrigger(eventID: $0.0, record: $0.1)
            }
        }
    }

    public func reserveEventID() throws(StorageError) -> Int64 {
        state.withLock { state in
            state.lastEventID += 1
            return state.lastEventID
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
            // Oldest first by arrival, as SQLite's index on received_ms would go.
            let doomed = state.records.indices.filter { state.records[$0].receivedAt < cutoff }.prefix(max(limit, 0))
            for index in doomed.reversed() {
                state.purgedThrough = max(state.purgedThrough, state.eventIDs[index])
                state.records.remove(at: index)
                state.eventIDs.remove(at: index)
            }
            return doomed.count
        }
    }

    public func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int) {
        state.withLock { ($0.answers.count, $0.records.count) }
    }
}
