import StorageCore

/// The writer's connection in libpq's pipeline mode, for batches of contact creates. Each batch
/// is ONE autocommitted statement (`PostgreSQLContactSQL.insertNotifying`) followed by a sync
/// point, sent while the batches before it are still in flight: the server runs and commits
/// them one after another without waiting for this side, and reports each batch's statement,
/// then its sync point, in the order they were sent.
///
/// A batch is complete only at its sync point: the server reports it after the commit that
/// holds the batch returned (or after the rollback of that batch alone, when its statement
/// failed: the sync point ends its implicit transaction, so the batches after it run as if it
/// had not been sent). Confined to the committing thread that made it.
final class PostgreSQLPipeline {
    /// A batch sent whose sync point has not arrived.
    struct Batch {
        /// Its creates, in the statement's row order.
        let inserts: [PostgreSQLContactInsertWrite]
        /// The statement's SQL.
        let sql: String
        /// Whether a prepare of `sql` went first.
        let preparing: Bool
        /// Statements (the prepare, the insert) whose results ended.
        var ended = 0
        /// The first error reported for it.
        var error: StorageError?
    }

    private let connection: PostgreSQLConnection
    private let instance: String
    /// The batches in flight, oldest first.
    private(set) var inFlight: [Batch] = []

    /// Puts `connection` in pipeline mode, for creates sent as instance `instance`.
    init(_ connection: PostgreSQLConnection, instance: String) throws(StorageError) {
        try connection.enterPipeline()
        self.connection = connection
        self.instance = instance
    }

    /// Sends `inserts` (at most `PostgreSQLContactInsertWrite.maximumPerStatement`) as one
    /// statement and a sync point. The batch counts as in flight from the first byte, so a
    /// failure while sending leaves it among those whose outcome must be found out.
    func send(_ inserts: [PostgreSQLContactInsertWrite]) throws(StorageError) {
        let sql = PostgreSQLContactSQL.insertNotifying(rows: inserts.count)
        inFlight.append(Batch(inserts: inserts, sql: sql, preparing: false))
        let preparing = try connection.send(sql, inserts.flatMap(\.values) + [.text(instance)])
        inFlight[inFlight.count - 1] = Batch(inserts: inserts, sql: sql, preparing: preparing)
        try connection.sync()
    }

    /// The batches whose sync point arrived since the last call, oldest first, each with the
    /// error that failed it (nil: committed, each create's sequence staged). Does not wait.
    /// Throws when the connection is lost: the batches still in flight are then `inFlight`.
    func receive() throws(StorageError) -> [(inserts: [PostgreSQLContactInsertWrite], error: StorageError?)] {
        try connection.readInput()
        var completed: [(inserts: [PostgreSQLContactInsertWrite], error: StorageError?)] = []
        while !inFlight.isEmpty, let event = try connection.nextPipelineEvent() {
            switch event {
            case .result(let result):
                // The insert's rows (a prepare's result has none to read).
                if inFlight[0].ended == (inFlight[0].preparing ? 1 : 0) {
                    do throws(StorageError) {
                        try PostgreSQLContactInsertWrite.stage(result, of: inFlight[0].inserts)
                    } catch {
                        inFlight[0].error = inFlight[0].error ?? error
                    }
                }
            case .failed(let error):
                if inFlight[0].preparing && inFlight[0].ended == 0 { connection.forgetStatement(inFlight[0].sql) }
                inFlight[0].error = inFlight[0].error ?? error
            case .aborted:
                inFlight[0].error = inFlight[0].error ?? StorageError(message: "PostgreSQL skipped a create after an error before it")
            case .endOfStatement:
                inFlight[0].ended += 1
            case .sync:
                let batch = inFlight.removeFirst()
                completed.append((batch.inserts, batch.error))
            }
        }
        return completed
    }

    /// Waits (up to a second) for the server's next result or for `wakeup`.
    func wait(orWakeup wakeup: PostgreSQLWakeup) {
        connection.waitForInput(orWakeup: wakeup, milliseconds: 1000)
    }

    /// Leaves pipeline mode (nothing may be in flight).
    func close() throws(StorageError) {
        try connection.exitPipeline()
    }
}
