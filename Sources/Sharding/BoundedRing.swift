/// The last `capacity` elements pushed, oldest first out: a push into a full ring evicts the
/// oldest and returns it, in O(1), with no allocation once full.
///
/// It holds what it is given and knows nothing of it: a cache that also drops elements by
/// other means (a change, a removal) leaves them in the ring, where they are stale. A stale
/// element still leaves in its turn; the cache then ignores it (`push` reports it like any).
public struct BoundedRing<Element> {
    /// The most elements held.
    public let capacity: Int
    /// The elements, grown up to `capacity`; once full, the oldest is at `next`.
    private var elements: [Element] = []
    private var next = 0

    /// An empty ring of at most `capacity` elements (at least one).
    public init(capacity: Int) {
        precondition(capacity >= 1, "a ring holds at least one element")
        self.capacity = capacity
    }

    /// Elements held.
    public var count: Int { elements.count }

    /// Whether it holds `capacity` elements (the next push evicts one).
    public var isFull: Bool { elements.count == capacity }

    /// Adds `element` as the newest; returns the oldest, which leaves, when the ring was full.
    @discardableResult
    public mutating func push(_ element: Element) -> Element? {
        guard elements.count == capacity else {
            elements.append(element)
            return nil
        }
        let evicted = elements[next]
        elements[next] = element
        next = next + 1 == capacity ? 0 : next + 1
        return evicted
    }

    /// The elements, oldest first.
    public var oldestFirst: [Element] {
        Array(elements[next...] + elements[..<next])
    }

    /// Empties the ring (its storage is freed).
    public mutating func removeAll() {
        elements = []
        next = 0
    }
}

extension BoundedRing: Sendable where Element: Sendable {}
