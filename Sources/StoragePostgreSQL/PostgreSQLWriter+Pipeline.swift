import StorageCore

extension PostgreSQLWriter {
    /// Batches in flight on the pipeline at most: the one the server runs, and the next,
    /// waiting on the server's side for its turn.
    static let pipelineDepth = 2

    /// `batch` as a batch the pipeline sends (creates only, none under a quota, few enough
    /// for one statement); nil when it must run in a transaction of its own.
    func pipelined(_ batch: [any PostgreSQLQueuedWrite]) -> [PostgreSQLContactInsertWrite]? {
        guard wakeup != nil, !batch.isEmpty, batch.count <= PostgreSQLContactInsertWrite.maximumPerStatement else { return nil }
        let inserts = batch.compactMap { $0 as? PostgreSQLContactInsertWrite }
        guard inserts.count == batch.count, !inserts.contains(where: { $0.quota != nil }) else { return nil }
        return inserts
    }

    /// Sends `first`, then each batch of creates queued after it while fewer than
    /// `pipelineDepth` are in flight, on the writer's connection in pipeline mode; completes
    /// each batch (commit order, then its callers) when its sync point reports its commit.
    /// A batch goes out while another is in flight only once it holds as many creates as the
    /// one ahead of it: sent earlier, it would split the writes that arrive meanwhile into more
    /// commits than waiting makes (each costs a WAL flush). Stops taking writes at one that is
    /// not such a batch, or when a batch failed, and returns once nothing is in flight, with the
    /// writes taken that it did not send.
    ///
    /// A batch whose statement failed runs again in a transaction (`commit`), where a failing
    /// write fails alone; one that timed out fails whole. When the connection is lost, the
    /// batches in flight may or may not have committed: their ids, read on a new connection,
    /// tell (`settle`), and nothing is acknowledged that the database does not hold.
    func pipeline(_ first: [PostgreSQLContactInsertWrite]) -> [any PostgreSQLQueuedWrite] {
        guard let wakeup else {
            commit(first)
            return []
        }
        var leftover: [any PostgreSQLQueuedWrite] = []
        var failed: [[PostgreSQLContactInsertWrite]] = []
        var unsettled: [[PostgreSQLContactInsertWrite]] = [first]
        do throws(StorageError) {
            try session.use(retry: false) { (connection) throws(StorageError) in
                let pipeline = try PostgreSQLPipeline(connection, instance: instance)
                unsettled = []
                do throws(StorageError) {
                    try pipeline.send(first)
                    while !pipeline.inFlight.isEmpty {
                        // Room for another batch: take what is queued once it is as big as the
                        // batch ahead of it, or ask to be woken when it is.
                        let room = leftover.isEmpty && failed.isEmpty && pipeline.inFlight.count < Self.pipelineDepth
                        if room {
                            let more = takeQueued(atLeast: pipeline.inFlight.last?.inserts.count ?? 1)
                            if let inserts = pipelined(more) {
                                try pipeline.send(inserts)
                                continue
                            }
                            leftover = more
                        }
                        let completed = try pipeline.receive()
                        for (inserts, error) in completed {
                            if let error, !error.isPostgreSQLTimeout {
                                failed.append(inserts)
                            } else {
                                complete(inserts, error)
                            }
                        }
                        if completed.isEmpty { pipeline.wait(orWakeup: wakeup) }
                        if room { stopWaitingForWrites() }
                    }
                    try pipeline.close()
                } catch {
                    unsettled = pipeline.inFlight.map(\.inserts)
                    throw error
                }
            }
        } catch {
            // A connection left in the middle of a pipeline serves nothing else.
            if !error.isPostgreSQLConnectionLoss { session.disconnect() }
            for inserts in unsettled { settle(inserts, error) }
        }
        for inserts in failed { commit(inserts) }
        return leftover
    }

    /// Completes a batch whose sync point arrived: committed (`error` nil), or timed out.
    private func complete(_ inserts: [PostgreSQLContactInsertWrite], _ error: StorageError?) {
        if let error {
            health.observe(Result<Void, StorageError>.failure(error))
            inserts.forEach { $0.finish(error) }
            return
        }
        health.observe(Result<Void, StorageError>.success(()))
        inserts.forEach { $0.didCommit() }
        inserts.forEach { $0.finish(nil) }
    }

    /// Completes a batch that was in flight when its connection was lost (`error`): its ids,
    /// read on a new connection, tell whether its statement committed. All stored: done. None:
    /// it runs again, in a transaction. Unknown (the database is out of reach): `error`.
    private func settle(_ inserts: [PostgreSQLContactInsertWrite], _ error: StorageError) {
        switch storedSequences(of: inserts) {
        case .all: complete(inserts, nil)
        case .none: commit(inserts)
        case .unknown: inserts.forEach { $0.finish(error) }
        }
    }
}
