import QuickActions
import StorageCore

/// One account's triggers and Idempotency-Key answers in the shared PostgreSQL database.
/// The claim of a key is the insert of its answer (`ON CONFLICT DO NOTHING`) in the same
/// transaction as the trigger: two instances racing on one key record it once, and the
/// loser gets the winner's answer.
final class PostgreSQLTriggerStore: TriggerStore {
    private let store: PostgreSQLDatabase
    /// Whose triggers and answers these are (the purge and the stored counts are the whole store's).
    let account: AccountKey

    init(store: PostgreSQLDatabase, account: AccountKey) {
        self.store = store
        self.account = account
    }

    func record(_ record: TriggerRecord, answer: StoredAnswer?) throws(StorageError) -> StoredAnswer? {
        if case .answered(let existing) = try append(record, answer: answer) { return existing }
        return nil
    }

    func append(_ record: TriggerRecord, answer: StoredAnswer?, pick: UsagePick?) throws(StorageError) -> TriggerAppend {
        let account = account
        let instance = store.instance
        let changes = store.changes
        return try store.writer.write(
            { (connection) throws(StorageError) -> CountedTrigger in
                if let answer {
                    let claim = try connection.execute(PostgreSQLTriggerSQL.claimAnswer, PostgreSQLTriggerSQL.claimValues(answer, account: account))
                    if claim.changes == 0 {
                        let winner = try connection.execute(PostgreSQLTriggerSQL.answerByKey, [.integer(account.rawValue), .text(answer.key)])
                        guard winner.count > 0 else { throw StorageError(message: "an Idempotency-Key claim was refused but no answer is stored") }
                        return CountedTrigger(append: .answered(PostgreSQLTriggerSQL.answer(winner, 0)), usage: nil)
                    }
                }
                // The favorite's row is locked until the transaction ends.
                var usage: UsageChange?
                if let pick {
                    let found = try connection.execute(PostgreSQLContactSQL.favoriteUsage, [.integer(account.rawValue), .text(pick.contactId)])
                    usage = pick.change(of: found.count > 0 ? (sequence: found.int64(0, 0), usageKey: found.optionalDouble(0, 1)) : nil)
                    if let usage {
                        try connection.execute(PostgreSQLContactSQL.setUsage, [.optionalDouble(usage.usageKey), .integer(usage.sequence)])
                    }
                }
                return CountedTrigger(append: nil, usage: usage)
            },
            // The trigger's row, inserted with its event id once every write of the transaction is
            // staged, under the event lock (see `PostgreSQLTriggerSQL`).
            eventIDs: PostgreSQLEventRow(
                row: { counted in counted.append == nil ? (record.id, PostgreSQLTriggerSQL.insertValues(record, account: account)) : nil },
                numbered: { counted, eventID in CountedTrigger(append: .recorded(eventID: eventID), usage: counted.usage) }),
            notify: { counted in
                guard case .recorded(let eventID) = counted.append else { return [] }
                let trigger = PostgreSQLChangeNotice(instance: instance, kind: .trigger, account: account, number: eventID)
                guard let usage = counted.usage else { return [trigger] }
                return [trigger, PostgreSQLChangeNotice(instance: instance, kind: .usage, account: account, number: usage.sequence)]
            },
            committed: { counted in
                if let usage = counted.usage { changes.publish(ContactChange(account: account, usage: usage)) }
            }
        ).stored()
    }

    func answer(forKey key: String) throws(StorageError) -> StoredAnswer? {
        try store.readers.read { (connection) throws(StorageError) -> StoredAnswer? in
            let result = try connection.execute(PostgreSQLTriggerSQL.answerByKey, [.integer(account.rawValue), .text(key)])
            return result.count > 0 ? PostgreSQLTriggerSQL.answer(result, 0) : nil
        }
    }

    func triggers(limit: Int, type: String?, contactId: String?) throws(StorageError) -> [TriggerRecord] {
        try store.readers.read { (connection) throws(StorageError) -> [TriggerRecord] in
            try connection.execute(
                PostgreSQLTriggerSQL.list,
                [.integer(account.rawValue), .optionalText(type), .optionalText(contactId), .integer(Int64(max(limit, 0)))]
            ).rows(PostgreSQLTriggerSQL.record)
        }
    }

    func stats() throws(StorageError) -> TriggerStats {
        try store.readers.snapshot { (connection) throws(StorageError) -> TriggerStats in
            let key: [PostgreSQLValue] = [.integer(account.rawValue)]
            let byType = try connection.execute(PostgreSQLTriggerSQL.countsByType, key).rows { ($0.text($1, 0), Int($0.int64($1, 1))) }
            let byContact = try connection.execute(PostgreSQLTriggerSQL.countsByContact, key).rows { ($0.text($1, 0), Int($0.int64($1, 1))) }
            return TriggerStats(
                total: byType.reduce(0) { $0 + $1.1 }, byType: Dictionary(uniqueKeysWithValues: byType),
                byContact: Dictionary(uniqueKeysWithValues: byContact))
        }
    }

    @discardableResult
    func purgeAnswers(before cutoff: Timestamp) throws(StorageError) -> Int {
        try store.writer.write { (connection) throws(StorageError) -> Int in
            try connection.execute(PostgreSQLTriggerSQL.purge, [.integer(cutoff.millisecondsSince1970)]).changes
        }
    }

    func purgeAnswers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try store.writer.write { (connection) throws(StorageError) -> Int in
            try connection.execute(PostgreSQLTriggerSQL.purgeAnswerBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))]).changes
        }
    }

    func purgeTriggers(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try store.writer.write { (connection) throws(StorageError) -> Int in
            let values: [PostgreSQLValue] = [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))]
            try connection.execute(PostgreSQLTriggerSQL.raiseFloor, values)
            return try connection.execute(PostgreSQLTriggerSQL.purgeTriggerBatch, values).changes
        }
    }

    func purgeDisabled(before cutoff: Timestamp, limit: Int) throws(StorageError) -> Int {
        try store.writer.write { (connection) throws(StorageError) -> Int in
            try connection.execute(PostgreSQLDisabledItemSQL.purgeBatch, [.integer(cutoff.millisecondsSince1970), .integer(Int64(limit))]).changes
        }
    }

    func disabledCount() throws(StorageError) -> Int {
        try store.readers.read { (connection) throws(StorageError) -> Int in Int(try connection.execute(PostgreSQLDisabledItemSQL.count).int64(0, 0))
        }
    }

    func storedCounts() throws(StorageError) -> (answers: Int, triggers: Int) {
        try store.readers.read { (connection) throws(StorageError) -> (answers: Int, triggers: Int) in
            let result = try connection.execute(PostgreSQLTriggerSQL.storedCounts)
            return (Int(result.int64(0, 0)), Int(result.int64(0, 1)))
        }
    }

    func triggers(afterEventID id: Int64, limit: Int) throws(StorageError) -> [LoggedTrigger]? {
        try store.readers.snapshot { (connection) throws(StorageError) -> [LoggedTrigger]? in
            let bounds = try connection.execute(PostgreSQLTriggerSQL.bounds)
            guard id >= bounds.int64(0, 0), id <= bounds.int64(0, 1) else { return nil }
            return try connection.execute(PostgreSQLTriggerSQL.after, [.integer(account.rawValue), .integer(id), .integer(Int64(max(limit, 0)))])
                .rows(PostgreSQLTriggerSQL.logged)
        }
    }

    func loggedTriggers(after id: Int64, before end: Int64?, limit: Int) throws(StorageError) -> [AccountLoggedTrigger] {
        try store.readers.read { (connection) throws(StorageError) -> [AccountLoggedTrigger] in
            try connection.execute(PostgreSQLTriggerSQL.everyAccountAfter, [.integer(id), .integer(end ?? .max), .integer(Int64(max(limit, 0)))])
                .rows(PostgreSQLTriggerSQL.accountLogged)
        }
    }

    func reserveEventID() throws(StorageError) -> Int64 {
        // Under the event lock, in a transaction of its own (on a reader: it writes no row): every
        // transaction that took a lower id has ended, and every later one takes a higher id.
        try store.readers.read { (connection) throws(StorageError) -> Int64 in
            try connection.run("BEGIN")
            do throws(StorageError) {
                try connection.execute(PostgreSQLTriggerSQL.lockEventIDs)
                let id = try connection.execute(PostgreSQLTriggerSQL.reserve).int64(0, 0)
                try connection.run("COMMIT")
                return id
            } catch {
                if connection.isOpen { try? connection.run("ROLLBACK") }
                throw error
            }
        }
    }
}
