import Dispatch
import StorageCore
import Synchronization

/// One write and, once staged, its result.
final class PostgreSQLWrite<Value: Sendable>: PostgreSQLQueuedWrite {
    private let body: @Sendable (PostgreSQLConnection) throws(StorageError) -> Value
    private let notify: @Sendable (Value) -> [PostgreSQLChangeNotice]
    private let committed: (@Sendable (Value) -> Void)?
    private let completion: @Sendable (Result<Value, StorageError>) -> Void
    private let staged = Mutex<Result<Value, StorageError>?>(nil)

    init(
        _ body: @escaping @Sendable (PostgreSQLConnection) throws(StorageError) -> Value,
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice],
        committed: (@Sendable (Value) -> Void)?,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        self.body = body
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
