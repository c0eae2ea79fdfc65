import QuickActions
import Testing

@Suite struct DynamicOrderTests {
    static let now = Timestamp(millisecondsSince1970: 1_796_014_800_000)
    static let day: Int64 = 86_400_000

    static func favorite(_ sequence: Int64, _ name: String, pin: Int64? = nil, usage: Double? = nil) -> Contact {
        Contact(
            id: "c\(sequence)", name: name, email: nil, favorite: true, createdAt: now, updatedAt: now, sequence: sequence, pinOrder: pin,
            usageKey: usage)
    }

    static func picked(daysAgo: Int64, times: Int = 1) -> Double {
        let time = now.advanced(byMilliseconds: -daysAgo * day)
        var score = UsageScore(pickAt: time)
        for _ in 1..<times { score = score.adding(pickAt: time, halfLife: .default) }
        return score.key
    }

    static let favorites = [
        favorite(1, "Zoë"),
        favorite(2, "ada", usage: picked(daysAgo: 30)),
        favorite(3, "Émile", pin: 9),
        favorite(4, "Bob", usage: picked(daysAgo: 1, times: 3)),
        favorite(5, "emile"),
        favorite(6, "Carla", pin: 2),
        favorite(7, "Dan", usage: picked(daysAgo: 30)),
    ]

    @Test func usagePutsPinnedThenScoredThenNeverPickedByCreation() {
        let order = DynamicOrder.usage.sorted(Self.favorites).map(\.sequence)
        // Pinned by pin order (6 before 3), the highest score, equal keys by creation (2 before
        // 7), then never picked by creation.
        #expect(order == [6, 3, 4, 2, 7, 1, 5])
    }

    @Test func createdIsCreationOrderAfterThePinned() {
        #expect(DynamicOrder.created.sorted(Self.favorites).map(\.sequence) == [6, 3, 1, 2, 4, 5, 7])
        let unpinned = Self.favorites.map { contact in
            var copy = contact
            copy.pinOrder = nil
            return copy
        }
        #expect(DynamicOrder.created.sorted(unpinned.reversed()).map(\.sequence) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func nameIgnoresCaseAndDiacriticsThenCreation() {
        let order = DynamicOrder.name.sorted(Self.favorites).map(\.sequence)
        // ada, Bob, Dan, emile (5) and Émile pinned, Zoë; "emile" and "Émile" fold alike.
        #expect(order == [6, 3, 2, 4, 7, 5, 1])
        let twins = [Self.favorite(8, "Émile"), Self.favorite(5, "emile"), Self.favorite(9, "EMILE")]
        #expect(DynamicOrder.name.sorted(twins).map(\.sequence) == [5, 8, 9])
    }

    @Test func aKeyThatIsNotANumberCountsAsNeverPicked() {
        let odd = [Self.favorite(1, "a", usage: .nan), Self.favorite(2, "b", usage: Self.picked(daysAgo: 400)), Self.favorite(3, "c")]
        #expect(DynamicOrder.usage.sorted(odd).map(\.sequence) == [2, 1, 3])
        #expect(DynamicOrder.usage.reason(for: odd[0], at: 1, now: Self.now, halfLife: .default) == .created)
    }

    @Test func reasonsSayWhyEachIsWhereItIs() {
        let sorted = DynamicOrder.usage.sorted(Self.favorites)
        let reasons = DynamicOrder.usage.reasons(for: sorted, now: Self.now, halfLife: .default)
        #expect(
            reasons.map(\.json) == [
                ["reason": "pinned", "pinOrder": 1], ["reason": "pinned", "pinOrder": 2],
                // Three picks a day ago: 3 · 2^(−1/14) = 2.855…
                ["reason": "score", "score": .double(2.86)],
                // One pick 30 days ago: 2^(−30/14).
                ["reason": "score", "score": .double(0.226)], ["reason": "score", "score": .double(0.226)],
                ["reason": "created"], ["reason": "created"],
            ])
        #expect(DynamicOrder.name.reasons(for: [Self.favorite(1, "a")], now: Self.now, halfLife: .default) == [.name])
        #expect(DynamicOrder.created.reasons(for: [Self.favorite(1, "a")], now: Self.now, halfLife: .default) == [.created])
        let window = DynamicOrderReason.scheduled(from: Self.now, until: Self.now.advanced(byMilliseconds: Self.day))
        #expect(JSONWriter.string(window.json) == #"{"from":"2026-11-30T05:00:00.000Z","reason":"scheduled","until":"2026-12-01T05:00:00.000Z"}"#)
    }

    @Test(
        arguments: [
            (3.2741, 3.27), (0.012345, 0.0123), (1234.5, 1235), (999.96, 1000), (0.5, 0.5), (4e-9, 0), (0, 0), (-1, 0), (.nan, 0),
            (1_000_000.4, 1_000_000),
        ] as [(Double, Double)])
    func scoresAreRoundedToThreeDigits(score: Double, shown: Double) {
        #expect(DynamicOrderReason.rounded(score) == shown)
    }

    /// A cache that keeps the favorites sorted by key and moves one entry per change (found
    /// and placed by binary search) always holds the list a full sort gives.
    @Test(arguments: DynamicOrder.allCases)
    func oneMovePerChangeKeepsTheSortedList(order: DynamicOrder) throws {
        var stream = UsageScoreTests.Stream(state: 42)
        var contacts: [Contact] = []
        var cache: [(key: DynamicSortKey, contact: Contact)] = []
        var nextSequence: Int64 = 1
        var nextPin: Int64 = 1
        var clock = Self.now
        let names = ["Ada", "ada", "Émile", "Zoë", "bob", "Émile"]
        for step in 0..<2_000 {
            clock = clock.advanced(byMilliseconds: Int64(stream.next(upperBound: UInt64(Self.day))))
            let operation = stream.next(upperBound: UInt64(10))
            let target = contacts.isEmpty ? nil : Int(stream.next(upperBound: UInt64(contacts.count)))
            let before = target.map { contacts[$0] }
            var after: Contact?
            switch (operation, before) {
            case (0, _), (1, _), (_, nil):
                after = Self.favorite(nextSequence, names[Int(nextSequence) % names.count])
                nextSequence += 1
            case (2, _):
                after = nil
            case (3, let contact?):
                after = ContactPatch(pinned: true).applied(to: contact, newPinOrder: nextPin)
                nextPin += 1
            case (4, let contact?):
                after = ContactPatch(pinned: false).applied(to: contact)
            case (_, let contact?):
                after = contact
                let previous = contact.usageKey.flatMap(UsageScore.init(key:))
                after?.usageKey = UsageScore.afterPick(at: clock, previous: previous, halfLife: .default).key
            }
            if let before, let target, operation >= 2 {
                let index = cache.insertionIndex(of: order.sortKey(for: before), by: \.key)
                try #require(index < cache.count && cache[index].contact.sequence == before.sequence, "step \(step)")
                cache.remove(at: index)
                contacts.remove(at: target)
            }
            if let after {
                let key = order.sortKey(for: after)
                cache.insert((key, after), at: cache.insertionIndex(of: key, by: \.key))
                contacts.append(after)
            }
            if step % 10 == 0 || step > 1_990 {
                #expect(cache.map(\.contact.sequence) == order.sorted(contacts).map(\.sequence), "step \(step)")
            }
        }
        #expect(contacts.count > 100 && contacts.contains(where: \.pinned) && contacts.contains { $0.usageKey != nil })
    }

    @Test func insertionIndexFindsTheFirstNotBelow() {
        let values = [1, 3, 3, 5, 8]
        #expect([0, 1, 2, 3, 4, 5, 8, 9].map { values.insertionIndex(of: $0, by: { $0 }) } == [0, 0, 1, 1, 3, 3, 4, 5])
        #expect([Int]().insertionIndex(of: 1, by: { $0 }) == 0)
        #expect(values[1...].insertionIndex(of: 4, by: { $0 }) == 3)
    }
}
