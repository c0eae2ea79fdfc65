import Dispatch
import StorageCore

/// One write and, once staged, its result.
final class PostgreSQLWrite<Value: Sendable>: PostgreSQLStagedWrite {
    private let body: @Sendable (PostgreSQLConnection) throws(StorageError) -> Value
    /// The trigger row to insert with an event id, from what `body` staged, and the value once it
    /// has one (see `PostgreSQLQueuedWrite.eventRow`).
    private let eventIDs: PostgreSQLEventRow<Value>?
    let outcome: PostgreSQLStagedOutcome<Value>

    init(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws(StorageError) -> Value,
        eventIDs: PostgreSQLEventRow<Value>? = nil,
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice],
        committed: (@Sendable (Value) -> Void)?,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        self.body = body
        self.eventIDs = eventIDs
        outcome = PostgreSQLStagedOutcome(notify: notify, committed: committed, completion: completion)
    }

    func stage(on connection: PostgreSQLConnection) -> Bool {
        outcome.stage(Result { () throws(StorageError) in try body(connection) })
    }

    var eventRow: (id: String, values: [PostgreSQLValue])? {
        guard let eventIDs, let value = outcome.value else { return nil }
        return eventIDs.row(value)
    }

    func stage(eventID: Result<Int64, StorageError>) {
        guard let eventIDs else { return }
        outcome.restage { value in eventID.map { eventIDs.numbered(value, $0) } }
    }
}

/// How a write's value names the trigger row it inserts with an event id, and takes that id.
struct PostgreSQLEventRow<Value: Sendable>: Sendable {
    /// The row's id and `PostgreSQLTriggerSQL.insertValues`, nil when the write inserts none.
    let row: @Sendable (Value) -> (id: String, values: [PostgreSQLValue])?
    /// The value once the row has its event id.
    let numbered: @Sendable (Value, Int64) -> Value
}
