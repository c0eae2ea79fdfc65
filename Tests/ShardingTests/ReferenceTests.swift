import Sharding
import Synchronization
import Testing

@Suite struct ReferenceTests {
    final class Box: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    /// An object that says when it is freed, with no weak reference to it (a weak reference's
    /// side table would be the leak checker's only trace of an object kept forever).
    final class Watched: Sendable {
        final class Flag: Sendable {
            private let value = Atomic(false)
            var freed: Bool { value.load(ordering: .relaxed) }
            func setFreed() { value.store(true, ordering: .relaxed) }
        }
        let value: Int
        let flag: Flag
        init(_ value: Int, flag: Flag) {
            self.value = value
            self.flag = flag
        }
        deinit { flag.setFreed() }
    }

    /// Reachable for the life of the test process (a reference kept forever must stay reachable
    /// for the leak checker, as the server's are).
    static let kept = Mutex<[PermanentReference<Watched>]>([])

    @Test func aPermanentReferenceKeepsItsObjectAlive() {
        let flag = Watched.Flag()
        let reference: PermanentReference<Watched>
        do {
            let object = Watched(42, flag: flag)
            reference = PermanentReference(keepingForever: object)
        }
        Self.kept.withLock { $0.append(reference) }
        #expect(!flag.freed, "no strong reference is left but the permanent one")
        #expect(reference.withObject { $0.value } == 42 && reference.object.flag === flag)
        let copy = reference
        #expect(copy == reference)
    }

    @Test func aSetOnceReferenceKeepsTheFirstObjectStoredAndFreesItWithItself() {
        let firstFlag = Watched.Flag()
        let secondFlag = Watched.Flag()
        do {
            let reference = SetOnceReference<Watched>()
            #expect(reference.load() == nil)
            do {
                let first = Watched(1, flag: firstFlag)
                #expect(reference.storeIfNil(first) === first)
                let second = Watched(2, flag: secondFlag)
                let kept = reference.storeIfNil(second)
                #expect(kept === first, "a second store leaves the first object")
            }
            #expect(secondFlag.freed, "the object not stored is not retained")
            #expect(!firstFlag.freed, "the stored object lives as long as the reference")
            #expect(reference.load()?.value == 1)
        }
        #expect(firstFlag.freed, "the reference releases its object when it goes")
    }

    @Test func racingStoresAllSeeOneObject() async {
        final class Holder: Sendable {
            let reference = SetOnceReference<Box>()
        }
        let holder = Holder()
        let kept = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for value in 0..<16 {
                group.addTask { ObjectIdentifier(holder.reference.storeIfNil(Box(value))) }
            }
            var seen = Set<ObjectIdentifier>()
            for await identifier in group { seen.insert(identifier) }
            return seen
        }
        #expect(kept.count == 1, "every store returned the one object kept")
        #expect(holder.reference.load().map(ObjectIdentifier.init) == kept.first)
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
