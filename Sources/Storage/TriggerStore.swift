import QuickActions

/// One accepted trigger, as stored.
public struct TriggerRecord: Sendable, Equatable {
    /// Opaque id, also in the answer.
    public var id: String
    /// The picked item's type.
    public var type: String
    /// The picked item's userInfo.
    public var userInfo: [String: PropertyListValue]?
    /// `cold` or `warm`, when the device said.
    public var launch: String?
    /// The device, when it said.
    public var deviceId: String?
    /// When the service accepted it.
    public var receivedAt: Timestamp
    /// The answer's message.
    public var message: String
    /// The contact it resolved to, if any.
    public var contactId: String?

    /// Creates a record.
    public init(
        id: String, type: String, userInfo: [String: PropertyListValue]?, launch: String?, deviceId: String?, receivedAt: Timestamp,
        message: String, contactId: String?
    ) {
        self.id = id
        self.type = type
        self.userInfo = userInfo
        self.launch = launch
        self.deviceId = deviceId
        self.receivedAt = receivedAt
        self.message = message
        self.contactId = contactId
    }
}

/// The answer stored under an `Idempotency-Key`, replayed for a retry.
public struct StoredAnswer: Sendable, Equatable {
    /// The key.
    public var key: String
    /// Digest of the request that first used the key.
    public var requestDigest: String
    /// The answer's status.
    public var status: Int
    /// The answer's body.
    public var body: [UInt8]
    /// When it was stored.
    public var createdAt: Timestamp

    /// Creates a stored answer.
    public init(key: String, requestDigest: String, status: Int, body: [UInt8], createdAt: Timestamp) {
        self.key = key
        self.requestDigest = requestDigest
        self.status = status
        self.body = body
        self.createdAt = createdAt
    }
}

/// Usage counts: what Android's `reportShortcutUsed` would record.
public struct TriggerStats: Sendable, Equatable {
    /// Accepted triggers in all.
    public var total: Int
    /// Count per type.
    public var byType: [String: Int]
    /// Count per resolved contact id.
    public var byContact: [String: Int]

    /// Creates stats.
    public init(total: Int, byType: [String: Int], byContact: [String: Int]) {
        self.total = total
        self.byType = byType
        self.byContact = byContact
    }
}

/// Where accepted triggers and idempotency answers live. Both are written in one
/// transaction, so a retry after a crash either finds the answer or finds nothing recorded.
public protocol TriggerStore: Sendable {
    /// Stores `record` and, when given, `answer` atomically and durably. Returns the answer
    /// already stored under the same key instead (and stores nothing) if another request won.
    func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer?
    /// The answer stored under `key`, if any (regardless of age; purge removes old ones).
    func answer(forKey key: String) throws(StorageError) -> StoredAnswer?
    /// Triggers newest first, filtered by type and contact.
    func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord]
    /// Counts per type and per contact.
    func stats() throws(StorageError) -> TriggerStats
    /// Deletes answers stored before `cutoff`; returns how many.
    @discardableResult
    func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int
    /// Deletes at most `limit` answers stored before `cutoff`, oldest first, in one short
    /// write; returns how many (fewer than `limit`: none older is left).
    func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int
    /// Deletes at most `limit` triggers received before `cutoff`, oldest first, in one short
    /// write; returns how many (fewer than `limit`: none older is left).
    func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int
    /// How many answers and triggers are stored now (the `/metrics` gauges).
    func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int)

    // The trigger log behind `Last-Event-ID`: one sequence of event ids, shared by triggers
    // and the `shortcuts` events that `reserveEventID` numbers.

    /// Stores as `record(_:answer:)` does, and says the trigger's event id.
    func append(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> TriggerAppend
    /// The triggers after event id `id`, oldest first, at most `limit`; nil when the log no
    /// longer holds all of them (some were purged) or `id` was never given.
    func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]?
    /// A new event id from the triggers' sequence, given to no trigger, before or after.
    func reserveEventID() throws(StorageError) -> Int64
}
