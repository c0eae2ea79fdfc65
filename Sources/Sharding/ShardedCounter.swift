/// An integer that many threads add to: one `ShardedCounters` cell per thread row, summed when read.
public final class ShardedCounter: Sendable {
    private let cells: ShardedCounters
    private let rows: ThreadRows

    /// Zero, with a cell per row of `rows`.
    public init(rows: ThreadRows) {
        self.rows = rows
        cells = ShardedCounters(width: 1, rows: rows)
    }

    /// Adds `amount` (negative to subtract) in the calling thread's cell.
    public func add(_ amount: Int) {
        cells.add(0, amount)
    }

    /// Adds one in the calling thread's cell and returns a number no other call returns:
    /// the cell's new count times the number of rows, plus the row.
    public func nextUnique() -> UInt64 {
        let row = rows.current
        let count = UInt64(bitPattern: Int64(cells.row(row).add(0, 1)))
        return count &* UInt64(rows.count) &+ UInt64(row)
    }

    /// The sum of every cell.
    public var value: Int {
        cells.total(0)
    }
}
