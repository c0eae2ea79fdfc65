import StorageCore

/// What the group commit needs of a queued write, whatever its result type.
protocol SQLiteCommittableWrite: Sendable {
    /// Whether a callback (rather than a waiting caller) takes the result.
    var hasCompletion: Bool { get }
    /// Runs the write inside the open transaction, in a savepoint of its own.
    func run(on connection: SQLiteConnection)
    /// Why the write failed inside the transaction, once it ran (nil when it succeeded).
    var stagedFailure: StorageError? { get }
    /// The transaction committed: report the write's change (on the writer, in commit order).
    func didCommit()
    /// The transaction committed: the result may be seen.
    func publish()
    /// The transaction failed: every write in it fails with `error`.
    func fail(_ error: StorageError)
}
