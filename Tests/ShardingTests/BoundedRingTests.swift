import Sharding
import Testing

@Suite struct BoundedRingTests {
    @Test func aFullRingEvictsItsOldestFirst() {
        var ring = BoundedRing<Int>(capacity: 3)
        #expect(ring.push(1) == nil && ring.push(2) == nil && !ring.isFull && ring.push(3) == nil)
        #expect(ring.isFull && ring.count == 3)
        // Wraps around its storage, several times.
        #expect((4...10).map { ring.push($0) } == [1, 2, 3, 4, 5, 6, 7])
        #expect(ring.oldestFirst == [8, 9, 10] && ring.count == 3)
    }

    @Test func aRingOfOneEvictsOnEveryPushAfterTheFirst() {
        var ring = BoundedRing<String>(capacity: 1)
        #expect(ring.push("a") == nil)
        #expect(ring.push("b") == "a")
        #expect(ring.push("c") == "b")
        #expect(ring.oldestFirst == ["c"])
    }

    @Test func staleAndRepeatedElementsLeaveInTheirTurn() {
        // The ring holds what it is given: a key pushed twice leaves twice, in order.
        var ring = BoundedRing<Character>(capacity: 3)
        for key in "aab" { ring.push(key) }
        #expect(ring.push("c") == "a")
        #expect(ring.push("d") == "a")
        #expect(ring.push("e") == "b")
    }

    @Test func removeAllEmptiesIt() {
        var ring = BoundedRing<Int>(capacity: 2)
        for value in 0..<5 { ring.push(value) }
        ring.removeAll()
        #expect(ring.count == 0 && ring.oldestFirst.isEmpty)
        #expect(ring.push(7) == nil && ring.push(8) == nil && ring.push(9) == 7)
    }
}

@Suite struct BoundedRingQueueTests {
    @Test func popOldestTakesElementsInTheOrderPushed() {
        var ring = BoundedRing<Int>(capacity: 3)
        #expect(ring.popOldest() == nil && ring.count == 0)
        ring.push(1)
        ring.push(2)
        #expect(ring.popOldest() == 1 && ring.count == 1)
        // Wraps around its storage while it neither fills nor empties.
        for value in 3...10 {
            ring.push(value)
            #expect(ring.popOldest() == value - 1)
        }
        #expect(ring.oldestFirst == [10] && ring.popOldest() == 10 && ring.popOldest() == nil && ring.count == 0)
    }

    @Test func aRingFilledAfterPopsEvictsItsOldest() {
        var ring = BoundedRing<Int>(capacity: 3)
        for value in 1...3 { ring.push(value) }
        #expect(ring.popOldest() == 1 && ring.popOldest() == 2)
        #expect(ring.push(4) == nil && ring.push(5) == nil && ring.isFull)
        #expect(ring.oldestFirst == [3, 4, 5])
        #expect(ring.push(6) == 3 && ring.oldestFirst == [4, 5, 6])
        #expect(ring.popOldest() == 4 && ring.oldestFirst == [5, 6] && ring.count == 2)
    }

    @Test func aPoppedElementIsNoLongerHeld() {
        final class Box: Sendable {}
        var ring = BoundedRing<Box>(capacity: 2)
        weak var weakBox: Box?
        do {
            let box = Box()
            weakBox = box
            ring.push(box)
        }
        #expect(weakBox != nil)
        _ = ring.popOldest()
        #expect(weakBox == nil, "the ring keeps no reference to what it gave back")
    }
}
