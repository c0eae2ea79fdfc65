import Synchronization

/// A row of counters that many threads add to, replicated per thread (`PerThreadReplica`):
/// an HTTP thread bumps its own row's cells, on cache lines no other thread writes, and each
/// counter is summed over the rows when read.
///
/// The rows live in one allocation, each rounded up to whole cache lines, so bumping a counter
/// touches the calling thread's own line and no reference count.
public final class ShardedCounters: Sendable {
    /// Counters per row.
    public let width: Int
    private let replica: PerThreadReplica<CounterRow>
    nonisolated(unsafe) private let cells: UnsafeMutablePointer<Atomic<Int>>
    private let count: Int

    /// `width` counters, all zero, with a row per row of `rows`.
    public init(width: Int, rows: ThreadRows) {
        self.width = width
        let perLine = 64 / MemoryLayout<Int>.stride
        let rowStride = max(1, (width + perLine - 1) / perLine) * perLine
        let count = rowStride * rows.count
        let cells = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Int>.stride, alignment: 64)
            .bindMemory(to: Atomic<Int>.self, capacity: count)
        for index in 0..<count { (cells + index).initialize(to: Atomic(0)) }
        self.cells = cells
        self.count = count
        replica = PerThreadReplica(rows: rows) { CounterRow(cells: cells + $0 * rowStride, width: width) }
    }

    /// The calling thread's row: look it up once, then add to it several times (valid while
    /// these counters live).
    @inline(__always)
    public var current: CounterRow { replica.current }

    /// The row numbered `row` (valid while these counters live).
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

    deinit {
        cells.deinitialize(count: count)
        UnsafeMutableRawPointer(cells).deallocate()
    }
}
