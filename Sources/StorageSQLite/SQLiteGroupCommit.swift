import CSQLite3
import Dispatch
import StorageCore

/// Runs a batch of queued writes in ONE transaction, each in a savepoint of its own (one
/// failure does not undo the others), merging consecutive row inserts of one table into one
/// statement (`SQLiteRowInsert`), and commits once. Called on the writer connection only.
enum SQLiteGroupCommit {
    /// Runs `batch` in one transaction. Completions run on `notify` when given, so the
    /// committing thread goes straight back to the next batch.
    static func run(_ batch: [SQLiteQueuedWrite], on connection: SQLiteConnection, health: SQLiteWriteHealth, notify: DispatchQueue? = nil) {
        guard !batch.isEmpty else { return }
        let changesBefore = sqlite3_total_changes64(connection.handle)
        let outcome: StorageError?
        do throws(StorageError) {
            try connection.run("BEGIN IMMEDIATE")
            var next = 0
            while next < batch.count {
                if case .insert(let row, let write) = batch[next] {
                    // Consecutive inserts into the same table become one statement.
                    var group = [(row: row, write: write)]
                    next += 1
                    while next < batch.count, group.count < SQLiteRowInsert.maximumPerStatement,
                        case .insert(let other, let otherWrite) = batch[next],
                        other.statement == row.statement
                    {
                        group.append((other, otherWrite))
                        next += 1
                    }
                    SQLiteRowInsert.run(group, on: connection)
                } else {
                    batch[next].pending.run(on: connection)
                    next += 1
                }
                // An I/O or memory error can make SQLite roll the whole transaction back: then
                // nothing staged so far holds, and the writes that follow must not autocommit.
                guard sqlite3_get_autocommit(connection.handle) == 0 else {
                    // The write that just ran holds SQLite's code and message (the connection's
                    // own were since overwritten by its savepoint's rollback).
                    let cause = batch[next - 1].pending.stagedFailure
                    let message = (cause?.message ?? connection.path) + " (the write transaction was rolled back)"
                    throw cause?.with(message: message) ?? StorageError.sqlite(sqlite3_extended_errcode(connection.handle), message: message)
                }
            }
            try connection.run("COMMIT")
            outcome = nil
            // Still holding the writer: the next commit cannot start, so observers see
            // commits in order.
            batch.forEach { $0.pending.didCommit() }
        } catch {
            if sqlite3_get_autocommit(connection.handle) == 0 { try? connection.run("ROLLBACK") }
            outcome = error
        }
        health.observe(
            failures: outcome.map { [$0] } ?? batch.compactMap(\.pending.stagedFailure),
            committedChanges: outcome == nil && sqlite3_total_changes64(connection.handle) > changesBefore)
        let settle: @Sendable ([any SQLiteCommittableWrite]) -> Void = { writes in
            if let outcome { writes.forEach { $0.fail(outcome) } } else { writes.forEach { $0.publish() } }
        }
        // Waiting callers are released at once; callbacks run elsewhere when `notify` is given.
        let writes = batch.map(\.pending)
        let later = notify == nil ? [] : writes.filter(\.hasCompletion)
        settle(notify == nil ? writes : writes.filter { !$0.hasCompletion })
        if let notify, !later.isEmpty { notify.async { settle(later) } }
    }
}
