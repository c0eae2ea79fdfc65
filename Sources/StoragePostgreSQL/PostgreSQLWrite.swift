import Dispatch
import StorageCore
import Synchronization

/// One write and, once staged, its result.
final class PostgreSQLWrite<Value: Sendable>: PostgreSQLQueuedWrite {
    private let body: @Sendable (PostgreSQLConnection) throws(StorageError) -> Value
    /// The trigger row to insert with an event id, from what `body` staged, and the value once it
    /// has one (see `PostgreSQLQueuedWrite.eventRow`).
    private let eventIDs: PostgreSQLEventRow<Value>?
    private let notify: @Sendable (Value) -> [PostgreSQLChangeNotice]
    private let committed: (@Sendable (Value) -> Void)?
    private let completion: @Sendable (Result<Value, StorageError>) -> Void
    private let staged = Mutex<Result<Value, StorageError>?>(nil)

    init(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws(StorageError) -> Value,
        eventIDs: PostgreSQLEventRow<Value>? = nil,
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice],
        committed: (@Sendable (Value) -> Void)?,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        self.body = body
        self.eventIDs = eventIDs
        self.notify = notify
        self.committed = committed
        self.completion = completion
    }

    func stage(on connection: PostgreSQLConnection) -> Bool {
        let result = Result { () throws(StorageError) in try body(connection) }
        staged.withLock { $0 = result }
        if case .success = result { return true }
        return false
    }

    var eventRow: (id: String, values: [PostgreSQLValue])? {
        guard let eventIDs, case .success(let value)? = staged.withLock({ $0 }) else { return nil }
        return eventIDs.row(value)
    }

    func stage(eventID: Result<Int64, StorageError>) {
        guard let eventIDs else { return }
        staged.withLock { staged in
            guard case .success(let value)? = staged else { return }
            staged = eventID.map { eventIDs.numbered(value, $0) }
        }
    }

    var failure: StorageError? {
        guard case .failure(let error)? = staged.withLock({ $0 }) else { return nil }
        return error
    }

    var notices: [PostgreSQLChangeNotice] {
        guard case .success(let value)? = staged.withLock({ $0 }) else { return [] }
        return notify(value)
    }

    func didCommit() {
        guard let committed, case .success(let value)? = staged.withLock({ $0 }) else { return }
        committed(value)
    }

    func finish(_ error: StorageError?) {
        let result = error.map { .failure($0) } ?? staged.withLock { $0 } ?? .failure(StorageError(message: "a write was never run"))
        completion(result)
    }
}

/// How a write's value names the trigger row it inserts with an event id, and takes that id.
struct PostgreSQLEventRow<Value: Sendable>: Sendable {
    /// The row's id and `PostgreSQLTriggerSQL.insertValues`, nil when the write inserts none.
    let row: @Sendable (Value) -> (id: String, values: [PostgreSQLValue])?
    /// The value once the row has its event id.
    let numbered: @Sendable (Value, Int64) -> Value
}
