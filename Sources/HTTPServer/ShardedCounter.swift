import Glibc
import Synchronization

/// Which of a few cells the calling thread bumps, for counters every request touches.
///
/// Two HTTP threads adding to one atomic keep passing its cache line between their cores on
/// every request. Each thread instead keeps to its own cell (threads are numbered as they
/// first ask), and readers, rare, add the cells up.
public enum ThreadShard {
    /// Cells per counter: the HTTP threads of a default configuration and a little more.
    /// Threads beyond share cells (still exact: every cell is atomic).
    public static let count = 4

    /// The calling thread's cell, in `0..<count`.
    public static var current: Int {
        if let stored = pthread_getspecific(key) { return (Int(bitPattern: stored) - 1) % count }
        let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
        // Stored plus one: a thread without a number reads back nil.
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: number + 1))
        return number % count
    }

    private static let next = Atomic<Int>(0)
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}

/// A row of counters that many threads add to: one row of atomic cells per `ThreadShard`,
/// rows on cache lines of their own, each counter summed over the rows when read.
///
/// The cells live in one allocation, so bumping a counter touches the calling thread's own
/// line and no reference count.
public final class ShardedCounters: Sendable {
    /// Counters per row.
    public let width: Int
    /// Cells from one row to the next: `width` rounded up to whole cache lines.
    private let rowStride: Int
    nonisolated(unsafe) private let cells: UnsafeMutablePointer<Atomic<Int>>

    /// `width` counters, all zero.
    public init(width: Int) {
        self.width = width
        let perLine = 64 / MemoryLayout<Int>.stride
        rowStride = max(1, (width + perLine - 1) / perLine) * perLine
        let count = rowStride * ThreadShard.count
        cells = UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Int>.stride, alignment: 64)
            .bindMemory(to: Atomic<Int>.self, capacity: count)
        for index in 0..<count { (cells + index).initialize(to: Atomic(0)) }
    }

    /// Adds `amount` (negative to subtract) to counter `index` in the calling thread's row, and
    /// returns that cell's new value.
    @discardableResult
    public func add(_ index: Int, _ amount: Int, in row: Int = ThreadShard.current) -> Int {
        precondition(index >= 0 && index < width, "counter index out of range")
        return cells[row * rowStride + index].wrappingAdd(amount, ordering: .releasing).newValue
    }

    /// The sum of counter `index` over the rows.
    public func total(_ index: Int) -> Int {
        precondition(index >= 0 && index < width, "counter index out of range")
        var sum = 0
        for row in 0..<ThreadShard.count { sum &+= cells[row * rowStride + index].load(ordering: .acquiring) }
        return sum
    }

    deinit {
        cells.deinitialize(count: rowStride * ThreadShard.count)
        UnsafeMutableRawPointer(cells).deallocate()
    }
}

/// An integer that many threads add to: one `ShardedCounters` cell per thread row, summed when read.
public final class ShardedCounter: Sendable {
    private let cells = ShardedCounters(width: 1)

    public init() {}

    /// Adds `amount` (negative to subtract) in the calling thread's cell.
    public func add(_ amount: Int) {
        cells.add(0, amount)
    }

    /// Adds one in the calling thread's cell and returns a number no other call returns:
    /// the cell's new count times the number of cells, plus the cell's index.
    public func nextUnique() -> UInt64 {
        let row = ThreadShard.current
        let count = UInt64(bitPattern: Int64(cells.add(0, 1, in: row)))
        return count &* UInt64(ThreadShard.count) &+ UInt64(row)
    }

    /// The sum of every cell.
    public var value: Int {
        cells.total(0)
    }
}
