import Dispatch
import Foundation
import StorageCore
import Synchronization

/// Keeps the trigram index's pending list short, off the write path.
///
/// PostgreSQL's GIN index `contacts_search` takes new entries into an unsorted pending list and
/// merges them into the index in bulk. When the list outgrows `gin_pending_list_limit` (4 MB),
/// the INSERT that crossed the limit merges the whole list before it returns, and the single
/// writer, with every write waiting on it, stands still meanwhile. PostgreSQL's manual
/// recommends having that cleanup happen in the background. So a connection of its own runs
/// `gin_clean_pending_list` every `interval` while this instance writes contacts; an INSERT that
/// crosses the limit meanwhile finds the cleanup under way and leaves it to it (PostgreSQL 9.6
/// and later). The same idea as the SQLite store merging its full-text segments when idle.
///
/// Runs on a thread of its own (a `PGconn` is not thread-safe). A merge that runs past the
/// session's limits (a lock held elsewhere) is tried again a second later. Stops for good,
/// silently, when the server refuses the call for any other reason but a lost connection: no
/// `pg_trgm` index, or a role that does not own it (the writer then merges the list itself).
final class PostgreSQLIndexMaintenance: Sendable {
    /// Time between merges while contacts are written.
    static let interval: useconds_t = 100_000
    /// Time before trying again after a merge ran out of time.
    static let pauseAfterTimeout: useconds_t = 1_000_000

    private let worker: PostgreSQLSessionThread
    /// Contact changes since the last merge.
    private let written = Atomic<Int>(0)
    /// Merges done (for tests).
    let merges = Atomic<Int>(0)

    /// Maintenance for `database`, on a connection of its own.
    init(database: PostgreSQLDatabase) {
        worker = PostgreSQLSessionThread(session: PostgreSQLSession(database.connector))
        database.changes.observe { [weak self] _ in self?.written.add(1, ordering: .relaxed) }
    }

    /// Starts the thread.
    func start() {
        worker.start(name: "qa-pg-indexing") { [self] in run() }
    }

    /// Stops the thread (within about `interval`) and closes the connection.
    func stop() {
        worker.stop()
    }

    /// Sleeps `microseconds`, in steps of `interval`, returning early once stopped.
    private func pause(_ microseconds: useconds_t) {
        var left = microseconds
        while left > 0, !worker.isStopped {
            usleep(min(left, Self.interval))
            left -= min(left, Self.interval)
        }
    }

    private func run() {
        while !worker.isStopped {
            usleep(Self.interval)
            guard written.exchange(0, ordering: .relaxed) > 0 else { continue }
            do throws(StorageError) {
                try worker.session.use(retry: false) { (connection) throws(StorageError) in
                    try connection.run("SELECT gin_clean_pending_list('contacts_search'::regclass)")
                }
                merges.add(1, ordering: .relaxed)
            } catch {
                // A lost connection is tried again at the next writes, a timeout (the table or
                // index locked elsewhere) after a pause; anything else will not change.
                if error.isPostgreSQLTimeout {
                    written.add(1, ordering: .relaxed)
                    pause(Self.pauseAfterTimeout)
                } else if !error.isPostgreSQLConnectionLoss {
                    return
                }
            }
        }
    }
}
