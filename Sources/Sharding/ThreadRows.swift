import Glibc
import Synchronization

/// Which row of a `PerThreadReplica` the calling thread uses: a row of its own for each of the
/// first `ownRows` threads that claim one, and one shared row for every other thread.
///
/// The HTTP server claims a row on each of its threads (on every request; the first claim
/// numbers the thread), and the composition root sizes `ownRows` from `--threads`, so each HTTP
/// thread has a row to itself. Threads that never claim (GCD queues finishing deferred
/// responses, announcing changes; tests) share the last row: still exact, since rows are
/// thread-safe, only not free of contention.
public final class ThreadRows: Sendable {
    /// Rows that claiming threads own, one each.
    public let ownRows: Int
    /// Numbers handed out so far (past `ownRows`, claims get the shared row).
    private let claimed = Atomic<Int>(0)
    /// Holds the calling thread's row plus one (nil: it has not claimed).
    private let key: pthread_key_t

    /// Rows no thread owns: every thread uses the one shared row (for replicas no server's
    /// threads claim, as in unit tests).
    public static let single = ThreadRows(ownRows: 0)

    /// Rows for `ownRows` claiming threads, and the shared row.
    public init(ownRows: Int) {
        precondition(ownRows >= 0, "a negative number of rows")
        self.ownRows = ownRows
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    deinit {
        pthread_key_delete(key)
    }

    /// Every row: the owned ones, then the shared one.
    public var count: Int { ownRows + 1 }

    /// The row of threads that own none.
    public var sharedRow: Int { ownRows }

    /// The calling thread's row, claiming one of its own when it has none yet (the shared row
    /// once every row is owned).
    @discardableResult
    public func claim() -> Int {
        if let stored = pthread_getspecific(key) { return row(stored) }
        let number = claimed.wrappingAdd(1, ordering: .relaxed).oldValue
        let row = number < ownRows ? number : sharedRow
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: row + 1))
        return row
    }

    /// The calling thread's row: its own once it claimed one, else the shared row.
    @inline(__always)
    public var current: Int {
        guard let stored = pthread_getspecific(key) else { return sharedRow }
        return row(stored)
    }

    /// The row a stored value names. Bounded: a thread that outlived an earlier `ThreadRows`
    /// whose key the system gave again could hold a value from it.
    @inline(__always)
    private func row(_ stored: UnsafeMutableRawPointer) -> Int {
        min(Int(bitPattern: stored) - 1, sharedRow)
    }
}
