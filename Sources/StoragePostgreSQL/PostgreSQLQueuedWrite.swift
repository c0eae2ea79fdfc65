import StorageCore

/// What the group commit needs of a queued write, whatever its result type.
protocol PostgreSQLQueuedWrite: Sendable {
    /// Runs the write inside the open transaction; false when it failed (the transaction is then aborted).
    func stage(on connection: PostgreSQLConnection) -> Bool
    /// The trigger row the staged write inserts with an event id (its id, and its values for
    /// `PostgreSQLTriggerSQL.insertReturningIDs`), nil when none: the committing thread inserts
    /// the batch's rows after every write was staged, under the event lock.
    var eventRow: (id: String, values: [PostgreSQLValue])? { get }
    /// Stages the event id the write's row got, or why its insert failed.
    func stage(eventID: Result<Int64, StorageError>)
    /// Why the staged write failed (nil when it succeeded, or has not run).
    var failure: StorageError? { get }
    /// The notices of the staged write's change, for the other instances.
    var notices: [PostgreSQLChangeNotice] { get }
    /// The transaction committed: report the change (on the writer, in commit order).
    func didCommit()
    /// Hands the outcome to the caller: the staged result, or `error` when the commit failed.
    func finish(_ error: StorageError?)
}

extension PostgreSQLQueuedWrite {
    /// Most writes take no event id.
    var eventRow: (id: String, values: [PostgreSQLValue])? { nil }

    func stage(eventID: Result<Int64, StorageError>) {}
}
