import Sharding
import Testing

@Suite struct ClockRingTests {
    @Test func keysFillFreeSlotsFirstThenTheHandEvicts() {
        var clock = ClockRing<String>(capacity: 3)
        #expect(clock.hasRoom)
        #expect(clock.admit("a") == (0, nil))
        #expect(clock.admit("b") == (1, nil))
        #expect(clock.admit("c") == (2, nil))
        #expect(!clock.hasRoom && clock.count == 3)
        // Nothing used: the hand takes the slots in order, wrapping around.
        #expect(clock.admit("d") == (0, "a"))
        #expect(clock.admit("e") == (1, "b"))
        #expect(clock.admit("f") == (2, "c"))
        #expect(clock.admit("g") == (0, "d"))
        #expect(clock.key(in: 0) == "g" && clock.count == 3)
    }

    @Test func aTouchedKeyIsSparedOnceBySecondChance() {
        var clock = ClockRing<String>(capacity: 2)
        _ = clock.admit("a")
        _ = clock.admit("b")
        clock.touch(0)
        clock.touch(0)  // a second touch changes nothing
        #expect(clock.admit("c") == (1, "b"), "the hand spares a once and clears its mark")
        #expect(clock.admit("d") == (0, "a"), "a was not used since the hand passed")
    }

    @Test func aClockOfOneEvictsItsKeyEvenWhenTouched() {
        var clock = ClockRing<Int>(capacity: 1)
        #expect(clock.admit(1) == (0, nil))
        clock.touch(0)
        // One turn clears every mark: the hand comes back to the slot and takes it.
        #expect(clock.admit(2) == (0, 1))
        #expect(clock.admit(3) == (0, 2))
    }

    @Test func aReleasedSlotIsTakenBeforeAnyKeyIsEvicted() {
        var clock = ClockRing<String>(capacity: 3)
        for key in ["a", "b", "c"] { _ = clock.admit(key) }
        clock.release(1)
        #expect(clock.key(in: 1) == nil && clock.count == 2 && clock.hasRoom)
        #expect(clock.admit("d") == (1, nil), "the freed slot, with nothing evicted")
        #expect(clock.admit("e") == (0, "a"))
    }

    @Test func releasingASlotTwiceFreesItOnce() {
        var clock = ClockRing<String>(capacity: 2)
        _ = clock.admit("a")
        _ = clock.admit("b")
        clock.release(0)
        clock.release(0)
        #expect(clock.count == 1)
        #expect(clock.admit("c") == (0, nil))
        // Slot 0 is not handed out twice: the next key evicts.
        let next = clock.admit("d")
        #expect(next.evicted != nil && clock.count == 2)
    }

    @Test func aReleasedSlotNeverReachesTheHand() {
        var clock = ClockRing<Int>(capacity: 2)
        _ = clock.admit(1)
        _ = clock.admit(2)
        clock.release(0)
        clock.release(1)
        #expect(clock.admit(3).evicted == nil && clock.admit(4).evicted == nil)
        #expect([clock.key(in: 0), clock.key(in: 1)].compactMap { $0 }.sorted() == [3, 4])
    }

    @Test func removeAllFreesEverySlotAndResetsTheHand() {
        var clock = ClockRing<Int>(capacity: 2)
        for key in 0..<5 { _ = clock.admit(key) }
        clock.removeAll()
        #expect(clock.count == 0 && clock.hasRoom)
        #expect(clock.admit(7) == (0, nil) && clock.admit(8) == (1, nil) && clock.admit(9) == (0, 7))
    }
}
