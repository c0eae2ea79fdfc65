import Synchronization

/// One thread row of a `ShardedCounters`: `width` atomic cells on cache lines of their own.
///
/// A view, not an owner: the cells belong to the `ShardedCounters` it came from, and stay valid
/// for as long as that object lives. Being a value, taking a row costs no reference count (a
/// class per row would have each request retain and release its row).
public struct CounterRow: @unchecked Sendable {
    // @unchecked: the cells are atomics, written and read only through `Atomic`'s operations.
    /// Counters in the row.
    public let width: Int
    private let cells: UnsafeMutablePointer<Atomic<Int>>

    init(cells: UnsafeMutablePointer<Atomic<Int>>, width: Int) {
        self.cells = cells
        self.width = width
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
}
