import Foundation
import Glibc
import TestSupport

/// Another client of the database holding `LOCK TABLE <table> IN ACCESS EXCLUSIVE MODE`: psql,
/// in a transaction that sleeps, until `release()` ends its backend (`pg_terminate_backend`:
/// a backend in `pg_sleep` does not notice its client leaving). Released on deinit too.
final class ExternalTableLock {
    /// The psql session's `application_name`, which finds its backend.
    private let name = "qa_lock_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
    private let child: ChildProcess
    /// The server (its keyword string), for the session that ends the lock's.
    private let conninfo: String
    private var released = false

    /// Starts the session on the database `conninfo` names and waits (up to 10 s) until the lock is granted.
    init(_ conninfo: String, table: String = "contacts") throws {
        self.conninfo = conninfo
        child = try ChildProcess(
            "/usr/bin/psql",
            [
                "-X", "-q", "-d", conninfo + " application_name=\(name)", "-c",
                "BEGIN; LOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(120); COMMIT",
            ])
        let deadline = Date().addingTimeInterval(10)
        let held = """
            SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE a.application_name = '\(name)' AND l.mode = 'AccessExclusiveLock' AND l.granted AND l.relation IS NOT NULL
            """
        while try TestPostgreSQLServer.psql(held, conninfo: conninfo).trimmingCharacters(in: .whitespacesAndNewlines) != "1" {
            guard Date() < deadline, child.isRunning else {
                release()
                throw EndToEndError("the external session did not get its lock on \(table)")
            }
            usleep(50_000)
        }
    }

    deinit {
        release()
    }

    /// Ends the session, and with it the lock.
    func release() {
        guard !released else { return }
        released = true
        _ = try? TestPostgreSQLServer.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = '\(name)'", conninfo: conninfo)
        if child.wait(seconds: 10) == nil { _ = child.stop(SIGKILL, seconds: 5) }
    }
}
