/// One `Row` per row of a `ThreadRows`: each HTTP thread works on a replica of its own, so the
/// threads never write the same cache line or take the same lock for it, and a reader (rare)
/// looks at every row.
///
/// Invariant: one row per HTTP thread, sized from `--threads` (see `ThreadRows`). The shared
/// row serves every other thread at once, so `Row` must be safe to use from several threads
/// (atomics, or a `Mutex` that an HTTP thread then takes uncontended), and should keep what
/// it writes a cache line away from the next row's (`ShardedCounters` gives each row cache
/// lines of its own; a small class pads itself).
public final class PerThreadReplica<Row: Sendable>: Sendable {
    /// Which row a thread uses.
    public let rows: ThreadRows
    private let replicas: [Row]

    /// A replica per row of `rows`, made by `make(row)`.
    public init(rows: ThreadRows, make: (Int) -> Row) {
        self.rows = rows
        replicas = (0..<rows.count).map(make)
    }

    /// The calling thread's replica.
    @inline(__always)
    public var current: Row { replicas[rows.current] }

    /// The replica of `row`.
    public subscript(row: Int) -> Row { replicas[row] }

    /// Every replica, in row order.
    public var all: [Row] { replicas }
}
