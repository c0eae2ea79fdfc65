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

/// An integer that many threads add to: one atomic cell per `ThreadShard`, each on a cache
/// line of its own, summed when read.
public final class ShardedCounter: Sendable {
    private let cells: [Cell]

    public init() {
        cells = (0..<ThreadShard.count).map { _ in Cell() }
    }

    /// Adds `amount` (negative to subtract) in the calling thread's cell.
    public func add(_ amount: Int) {
        cells[ThreadShard.current].value.wrappingAdd(amount, ordering: .releasing)
    }

    /// Adds one in the calling thread's cell and returns a number no other call returns:
    /// the cell's new count times the number of cells, plus the cell's index.
    public func nextUnique() -> UInt64 {
        let shard = ThreadShard.current
        let count = UInt64(bitPattern: Int64(cells[shard].value.wrappingAdd(1, ordering: .relaxed).newValue))
        return count &* UInt64(ThreadShard.count) &+ UInt64(shard)
    }

    /// The sum of every cell.
    public var value: Int {
        cells.reduce(0) { $0 &+ $1.value.load(ordering: .acquiring) }
    }

    /// One cell, padded so that two cells never share a 64-byte cache line.
    private final class Cell: Sendable {
        let value = Atomic<Int>(0)
        private let padding: (Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0)
    }
}
