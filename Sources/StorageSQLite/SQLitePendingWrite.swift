import StorageCore
import Synchronization

/// One write and, once its transaction has committed (or failed), its result.
final class SQLitePendingWrite<Value: Sendable>: SQLiteCommittableWrite {
    private let body: @Sendable (SQLiteConnection) throws(StorageError) -> Value
    private let completion: (@Sendable (Result<Value, StorageError>) -> Void)?
    private let committed: (@Sendable (Value) -> Void)?
    private struct State {
        var staged: Result<Value, StorageError>?
        var published: Result<Value, StorageError>?
    }

    private let state = Mutex(State())

    init(
        _ body: @escaping @Sendable (SQLiteConnection) throws(StorageError) -> Value,
        committed: (@Sendable (Value) -> Void)? = nil,
        completion: (@Sendable (Result<Value, StorageError>) -> Void)? = nil
    ) {
        self.body = body
        self.committed = committed
        self.completion = completion
    }

    /// A write that inserts `row` alone and returns its rowid (grouped with other inserts, the
    /// committer stages their rowids instead: see `SQLiteRowInsert.run`).
    init(
        insert row: SQLiteRowInsert, committed: (@Sendable (Value) -> Void)? = nil,
        completion: (@Sendable (Result<Value, StorageError>) -> Void)? = nil
    ) where Value == Int64 {
        self.body = { connection throws(StorageError) in try row.runAlone(on: connection) }
        self.committed = committed
        self.completion = completion
    }

    func didCommit() {
        guard let committed, case .success(let value) = state.withLock({ $0.staged }) else { return }
        committed(value)
    }

    /// Records the outcome of the write, run by the committer outside `run(on:)`.
    func stage(_ outcome: Result<Value, StorageError>) {
        state.withLock { $0.staged = outcome }
    }

    var hasCompletion: Bool { completion != nil }

    var stagedFailure: StorageError? {
        state.withLock { state in
            if case .failure(let error)? = state.staged { return error }
            return nil
        }
    }

    /// The outcome, once the commit that holds the write is durable (or failed).
    var result: Result<Value, StorageError>? {
        state.withLock { $0.published }
    }

    func run(on connection: SQLiteConnection) {
        let outcome: Result<Value, StorageError>
        do throws(StorageError) {
            try connection.run("SAVEPOINT write")
            do throws(StorageError) {
                outcome = .success(try body(connection))
                try connection.run("RELEASE write")
            } catch {
                try? connection.run("ROLLBACK TO write")
                try? connection.run("RELEASE write")
                throw error
            }
        } catch {
            state.withLock { $0.staged = .failure(error) }
            return
        }
        state.withLock { $0.staged = outcome }
    }

    func publish() {
        let outcome = state.withLock { state in
            state.published = state.staged ?? .failure(StorageError(message: "a queued write did not run"))
            return state.published
        }
        if let completion, let outcome { completion(outcome) }
    }

    func fail(_ error: StorageError) {
        state.withLock { $0.published = .failure(error) }
        completion?(.failure(error))
    }
}
