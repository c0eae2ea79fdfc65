/// The last `capacity` elements pushed, oldest first out: a push into a full ring evicts the
/// oldest and returns it, in O(1), with no allocation once its storage has grown to `capacity`.
/// Taken from the front (`popOldest`), it is also a bounded FIFO queue: check `isFull` before a
/// push that must not evict.
///
/// It holds what it is given and knows nothing of it: a cache that also drops elements by
/// other means (a change, a removal) leaves them in the ring, where they are stale. A stale
/// element still leaves in its turn; the cache then ignores it (`push` reports it like any).
public struct BoundedRing<Element> {
    /// The most elements held.
    public let capacity: Int
    /// The slots, grown up to `capacity` as pushes first reach them; nil where nothing is held.
    private var slots: [Element?] = []
    /// The slot of the oldest element.
    private var head = 0
    /// Elements held.
    public private(set) var count = 0

    /// An empty ring of at most `capacity` elements (at least one).
    public init(capacity: Int) {
        precondition(capacity >= 1, "a ring holds at least one element")
        self.capacity = capacity
    }

    /// Whether it holds `capacity` elements (the next push evicts one).
    public var isFull: Bool { count == capacity }

    /// Adds `element` as the newest; returns the oldest, which leaves, when the ring was full.
    @discardableResult
    public mutating func push(_ element: Element) -> Element? {
        guard count == capacity else {
            // Slots are reached in order, so the next one is either held already or the first new one.
            let slot = (head + count) % capacity
            if slot == slots.count { slots.append(element) } else { slots[slot] = element }
            count += 1
            return nil
        }
        let evicted = slots[head]
        slots[head] = element
        head = head + 1 == capacity ? 0 : head + 1
        return evicted
    }

    /// Takes the oldest element out; nil when the ring is empty.
    public mutating func popOldest() -> Element? {
        guard count > 0 else { return nil }
        let oldest = slots[head]
        slots[head] = nil
        head = head + 1 == capacity ? 0 : head + 1
        count -= 1
        return oldest
    }

    /// The elements, oldest first.
    public var oldestFirst: [Element] {
        (0..<count).compactMap { slots[(head + $0) % capacity] }
    }

    /// Empties the ring (its storage is freed).
    public mutating func removeAll() {
        slots = []
        head = 0
        count = 0
    }
}

extension BoundedRing: Sendable where Element: Sendable {}
