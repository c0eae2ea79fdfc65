import Synchronization

/// One thread row of `ShardedCounters`: `width` atomic cells in an allocation of their own,
/// aligned to and rounded up to whole cache lines, so two rows never share a line.
public final class CounterRow: Sendable {
    /// Counters in the row.
    public let width: Int
    nonisolated(unsafe) private let cells: UnsafeMutablePointer<Atomic<Int>>
    private let allocated: Int
    /// Keeps the next row's object, whose reference count its thread changes when it takes
    /// its row, off the cache line of this one's (rows are small objects, allocated together).
    private let padding: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)

    init(width: Int) {
        self.width = width
        let perLine = 64 / MemoryLayout<Int>.stride
        allocated = max(1, (width + perLine - 1) / perLine) * perLine
        cells = UnsafeMutableRawPointer.allocate(byteCount: allocated * MemoryLayout<Int>.stride, alignment: 64)
            .bindMemory(to: Atomic<Int>.self, capacity: allocated)
        for index in 0..<allocated { (cells + index).initialize(to: Atomic(0)) }
    }

    /// Adds `amount` (negative to subtract) to counter `index`; returns its new value.
    @discardableResult
    public func add(_ index: Int, _ amount: Int) -> Int {
        precondition(index >= 0 && index < width, "counter index out of range")
        return cells[index].wrappingAdd(amount, ordering: .releasing).newValue
    }

    /// Counter `index`'s value in this row.
    public func value(_ index: Int) -> Int {
        precondition(index >= 0 && index < width, "counter index out of range")
        return cells[index].load(ordering: .acquiring)
    }

    deinit {
        cells.deinitialize(count: allocated)
        UnsafeMutableRawPointer(cells).deallocate()
    }
}
