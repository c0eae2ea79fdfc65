import StorageCore
import Synchronization

/// What a queued write staged in the open transaction, and how it is reported once the
/// transaction ends: the notices of its change for the other instances, the change after the
/// commit (on the writer, in commit order), and the caller's completion. The same for every kind
/// of write (`PostgreSQLStagedWrite`).
final class PostgreSQLStagedOutcome<Value: Sendable>: Sendable {
    private let notify: @Sendable (Value) -> [PostgreSQLChangeNotice]
    private let committed: (@Sendable (Value) -> Void)?
    private let completion: @Sendable (Result<Value, StorageError>) -> Void
    private let staged = Mutex<Result<Value, StorageError>?>(nil)

    init(
        notify: @escaping @Sendable (Value) -> [PostgreSQLChangeNotice], committed: (@Sendable (Value) -> Void)?,
        completion: @escaping @Sendable (Result<Value, StorageError>) -> Void
    ) {
        self.notify = notify
        self.committed = committed
        self.completion = completion
    }

    /// Stages `result`; true when it is a success.
    @discardableResult
    func stage(_ result: Result<Value, StorageError>) -> Bool {
        staged.withLock { $0 = result }
        if case .success = result { return true }
        return false
    }

    /// Replaces a staged value by what `next` makes of it (nothing staged, or a failure, stays).
    func restage(_ next: (Value) -> Result<Value, StorageError>) {
        staged.withLock { staged in
            guard case .success(let value)? = staged else { return }
            staged = next(value)
        }
    }

    /// The staged value; nil while nothing is staged, or when the write failed.
    var value: Value? {
        guard case .success(let value)? = staged.withLock({ $0 }) else { return nil }
        return value
    }

    /// Why the staged write failed (nil when it succeeded, or has not run).
    var failure: StorageError? {
        guard case .failure(let error)? = staged.withLock({ $0 }) else { return nil }
        return error
    }

    /// The notices of the staged change, for the other instances.
    var notices: [PostgreSQLChangeNotice] {
        value.map(notify) ?? []
    }

    /// The transaction committed: reports the staged change.
    func didCommit() {
        guard let committed, let value else { return }
        committed(value)
    }

    /// Hands the outcome to the caller: the staged result, or `error` when the commit failed.
    func finish(_ error: StorageError?) {
        completion(error.map { .failure($0) } ?? staged.withLock { $0 } ?? .failure(StorageError(message: "a write was never run")))
    }
}

/// A queued write that stages its outcome in a `PostgreSQLStagedOutcome`, and is reported
/// through it.
protocol PostgreSQLStagedWrite: PostgreSQLQueuedWrite {
    associatedtype Value: Sendable
    /// What the write staged, and how it is reported.
    var outcome: PostgreSQLStagedOutcome<Value> { get }
}

extension PostgreSQLStagedWrite {
    var failure: StorageError? { outcome.failure }
    var notices: [PostgreSQLChangeNotice] { outcome.notices }
    func didCommit() { outcome.didCommit() }
    func finish(_ error: StorageError?) { outcome.finish(error) }
}
