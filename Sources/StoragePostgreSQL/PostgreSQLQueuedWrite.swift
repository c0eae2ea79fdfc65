import StorageCore

/// What the group commit needs of a queued write, whatever its result type.
protocol PostgreSQLQueuedWrite: Sendable {
    /// Runs the write inside the open transaction; false when it failed (the transaction is then aborted).
    func stage(on connection: PostgreSQLConnection) -> Bool
    /// Why the staged write failed (nil when it succeeded, or has not run).
    var failure: StorageError? { get }
    /// The notices of the staged write's change, for the other instances.
    var notices: [PostgreSQLChangeNotice] { get }
    /// The transaction committed: report the change (on the writer, in commit order).
    func didCommit()
    /// Hands the outcome to the caller: the staged result, or `error` when the commit failed.
    func finish(_ error: StorageError?)
}
