/// The CLOCK replacement policy over `capacity` slots, an approximation of least-recently-used
/// that costs no write on most hits and no scan on a miss.
///
/// Each slot holds a key and a mark. A key is admitted into a free slot, a new slot while
/// fewer than `capacity` exist, or else the slot of the first key the hand finds unmarked
/// since it last passed (clearing the marks it passes): that key is evicted, and returned. A
/// hit marks its key's slot (`touch`). Where each key is, the cache remembers (the slot
/// `admit` returns); the clock only holds the keys for the hand.
public struct ClockRing<Key> {
    /// A place on the clock: a key (nil: free, listed in `free`) and whether it was used since
    /// the hand last passed.
    @usableFromInline
    struct Slot {
        @usableFromInline var key: Key?
        @usableFromInline var referenced = false

        @usableFromInline
        init(key: Key? = nil) {
            self.key = key
        }
    }

    /// The most slots.
    public let capacity: Int
    @usableFromInline var slots: [Slot] = []
    /// Slots released and not yet taken again.
    private var free: [Int] = []
    private var hand = 0

    /// A clock of `capacity` slots (at least one), all free.
    public init(capacity: Int) {
        precondition(capacity >= 1, "a clock has at least one slot")
        self.capacity = capacity
    }

    /// Keys held.
    public var count: Int { slots.count - free.count }

    /// Whether a key can be admitted without evicting another.
    public var hasRoom: Bool { !free.isEmpty || slots.count < capacity }

    /// The key in `slot`, if any (nil for a free slot).
    public func key(in slot: Int) -> Key? {
        slots[slot].key
    }

    /// Marks `slot` as used (written only when it is not marked already: a hit on a marked
    /// slot writes nothing).
    @inlinable
    public mutating func touch(_ slot: Int) {
        if !slots[slot].referenced { slots[slot].referenced = true }
    }

    /// Puts `key` in a slot, unmarked: a free one, a new one below capacity, or the slot of the
    /// first key the hand finds unmarked. Returns the slot and the key evicted from it, if any.
    public mutating func admit(_ key: Key) -> (slot: Int, evicted: Key?) {
        if let slot = free.popLast() {
            slots[slot] = Slot(key: key)
            return (slot, nil)
        }
        if slots.count < capacity {
            slots.append(Slot(key: key))
            return (slots.count - 1, nil)
        }
        // Every slot holds a key (free ones are listed): one turn at most clears every mark.
        while true {
            let slot = hand
            hand = hand + 1 == slots.count ? 0 : hand + 1
            if slots[slot].referenced {
                slots[slot].referenced = false
                continue
            }
            let evicted = slots[slot].key
            slots[slot] = Slot(key: key)
            return (slot, evicted)
        }
    }

    /// Frees `slot` (its key left by other means); the next `admit` takes it first.
    public mutating func release(_ slot: Int) {
        guard slots[slot].key != nil else { return }
        slots[slot] = Slot()
        free.append(slot)
    }

    /// Frees every slot (their storage too) and puts the hand back at the start.
    public mutating func removeAll() {
        slots = []
        free = []
        hand = 0
    }
}

extension ClockRing: Sendable where Key: Sendable {}
extension ClockRing.Slot: Sendable where Key: Sendable {}
