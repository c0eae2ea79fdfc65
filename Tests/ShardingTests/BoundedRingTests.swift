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
