import Sharding
import Synchronization
import Testing

@Suite struct ReferenceTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// Reachable for the life of the test process (a reference kept forever must stay reachable
    /// for the leak checker, as the server's are).
    static let kept = Mutex<[PermanentReference<Box>]>([])

    @Test func aPermanentReferenceKeepsItsObjectAlive() {
        weak var weakBox: Box?
        let reference: PermanentReference<Box>
        do {
            let box = Box(42)
            weakBox = box
            reference = PermanentReference(keepingForever: box)
        }
        Self.kept.withLock { $0.append(reference) }
        #expect(weakBox != nil, "no strong reference is left but the permanent one")
        #expect(reference.withObject { $0.value } == 42 && reference.object === weakBox)
        let copy = reference
        #expect(copy == reference)
    }

    @Test func replacedObjectsLiveAsLongAsTheReference() {
        weak var first: Box?
        weak var second: Box?
        do {
            let reference: ReplaceableReference<Box>
            do {
                let box = Box(1)
                first = box
                reference = ReplaceableReference(box)
            }
            #expect(reference.withCurrent { $0.value } == 1)
            do {
                let box = Box(2)
                second = box
                reference.replace(with: box)
            }
            #expect(reference.withCurrent { $0.value } == 2 && reference.keptCount == 2)
            #expect(first != nil && second != nil, "a replaced object is kept: a reader may still hold it")
        }
        #expect(first == nil && second == nil, "and freed with the reference")
    }
}
