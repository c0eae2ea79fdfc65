/// A row of counters that many threads add to, replicated per thread (`PerThreadReplica`):
/// an HTTP thread bumps its own row's cells, on cache lines no other thread writes, and each
/// counter is summed over the rows when read.
public final class ShardedCounters: Sendable {
    /// Counters per row.
    public let width: Int
    private let replica: PerThreadReplica<CounterRow>

    /// `width` counters, all zero, with a row per row of `rows`.
    public init(width: Int, rows: ThreadRows) {
        self.width = width
        replica = PerThreadReplica(rows: rows) { _ in CounterRow(width: width) }
    }

    /// The calling thread's row: look it up once, then add to it several times.
    @inline(__always)
    public var current: CounterRow { replica.current }

    /// The row numbered `row`.
    public func row(_ row: Int) -> CounterRow { replica[row] }

    /// Adds `amount` (negative to subtract) to counter `index` in the calling thread's row, and
    /// returns that cell's new value.
    @discardableResult
    public func add(_ index: Int, _ amount: Int) -> Int {
        replica.current.add(index, amount)
    }

    /// The sum of counter `index` over the rows.
    public func total(_ index: Int) -> Int {
        replica.all.reduce(0) { $0 &+ $1.value(index) }
    }
}
