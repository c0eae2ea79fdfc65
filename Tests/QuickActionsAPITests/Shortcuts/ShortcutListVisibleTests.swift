import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Testing

@testable import QuickActionsAPI

/// A `?visible=true` list shows the first few favorites only: a change beyond them keeps its
/// representations (the same bytes, not rendered again); a change among them renders each once.
@Suite struct ShortcutListVisibleTests {
    private static let visible = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: true)
    private static let full = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)
    /// Every representation with a `?visible=true` cut, and the full list in two formats.
    private static let keys: [ShortcutRepresentationKey] =
        [ShortcutRepresentationKey.Format.json, .propertyList, .android, .web].flatMap { format in
            [true, false].map { ShortcutRepresentationKey(format: format, language: nil, visibleOnly: $0) }
        }

    /// A store and its default account's list (the two default static items: two favorites show).
    private struct Fixture {
        let store = InMemoryDataStore()
        let cache: AccountShortcutList
        var contacts: any ContactRepository { store.contacts(of: .default) }

        init(setup: ShortcutListConfiguration = ShortcutListConfiguration()) throws {
            cache = try AccountShortcutList.following(store.contacts(of: .default), setup: setup, threadRows: ThreadRows(ownRows: 0))
        }

        func pick(_ contact: Contact, at millis: Int64) throws {
            let at = Timestamp(millisecondsSince1970: millis)
            let record = TriggerRecord(
                id: ContactID.generate(at: at), type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contact.id)],
                launch: nil, deviceId: nil, receivedAt: at, message: "picked", contactId: contact.id)
            _ = try store.triggers(of: .default).append(record, answer: nil, pick: UsagePick(contactId: contact.id, at: at, halfLife: .default))
        }

        /// The favorites' names, in the list's order.
        var names: [String] {
            cache.items.filter { $0.kind == .dynamic }.map(\.localizedTitle)
        }
    }

    @Test func aPickThatMovesAFavoriteWithinTheTailRendersNothingVisible() throws {
        let fixture = try Fixture()
        var people: [Contact] = []
        for name in ["Ada", "Bob", "Cy", "Di", "Ed"] { people.append(try fixture.contacts.create(NewContact(name: name, favorite: true))) }
        try fixture.pick(people[0], at: 1_000_000)
        try fixture.pick(people[1], at: 1_000_000)
        #expect(fixture.names == ["Ada", "Bob", "Cy", "Di", "Ed"])
        let shown = fixture.cache.versioned(Self.visible)
        let whole = fixture.cache.versioned(Self.full)
        let renders = fixture.cache.renders

        // Ed overtakes Cy and Di, never picked: a new version of the list, the visible part unchanged.
        try fixture.pick(people[4], at: 1_000_000)
        #expect(fixture.names == ["Ada", "Bob", "Ed", "Cy", "Di"])
        #expect(fixture.cache.version == shown.version + 1)
        #expect(fixture.cache.rendered(Self.visible) === shown.representation, "the visible list was dropped, or is not the copy served before")
        #expect(fixture.cache.rendered(Self.full) == nil, "the full list shows the move: it must be rendered again")
        for _ in 0..<3 { #expect(fixture.cache.versioned(Self.visible).representation === shown.representation) }
        #expect(fixture.cache.renders == renders, "a change beyond the visible items rendered the visible list")
        let moved = fixture.cache.versioned(Self.full)
        #expect(moved.representation.etag != whole.representation.etag)
        #expect(fixture.cache.renders == renders + 1)

        // Ed overtakes Bob: the visible list changes, and is rendered once however often it is asked for.
        for millis in [2_000_000, 2_000_001] { try fixture.pick(people[4], at: Int64(millis)) }
        #expect(fixture.names == ["Ed", "Ada", "Bob", "Cy", "Di"])
        #expect(fixture.cache.rendered(Self.visible) == nil)
        let changed = fixture.cache.versioned(Self.visible)
        for _ in 0..<3 { #expect(fixture.cache.versioned(Self.visible).representation === changed.representation) }
        #expect(changed.representation.etag != shown.representation.etag)
        #expect(fixture.cache.renders == renders + 2)
    }

    @Test func aWriteBeyondTheVisibleItemsKeepsThemAndOneAmongThemDoesNot() throws {
        let fixture = try Fixture()
        var people: [Contact] = []
        for name in ["Ada", "Bob", "Cy"] { people.append(try fixture.contacts.create(NewContact(name: name, favorite: true))) }
        let shown = fixture.cache.versioned(Self.visible)
        // Renamed, created, unfavorited beyond the first two: the visible list stays.
        _ = try fixture.contacts.update(id: people[2].id, ContactPatch(name: "Cyd"), expectedRevision: nil)
        let dee = try fixture.contacts.create(NewContact(name: "Dee", favorite: true))
        _ = try fixture.contacts.update(id: dee.id, ContactPatch(favorite: false), expectedRevision: nil)
        #expect(fixture.cache.version == shown.version + 3)
        #expect(fixture.cache.rendered(Self.visible) === shown.representation)
        // Bob renamed: shown, so rendered again.
        _ = try fixture.contacts.update(id: people[1].id, ContactPatch(name: "Rob"), expectedRevision: nil)
        #expect(fixture.cache.rendered(Self.visible) == nil)
        // With fewer favorites than places, a removal at the end changes what shows.
        let two = fixture.cache.versioned(Self.visible)
        _ = try fixture.contacts.delete(id: people[2].id, expectedRevision: nil)
        #expect(fixture.cache.rendered(Self.visible) === two.representation, "Cyd was the third favorite: not shown")
        _ = try fixture.contacts.delete(id: people[1].id, expectedRevision: nil)
        #expect(fixture.cache.rendered(Self.visible) == nil, "Rob was shown")
    }

    /// Random writes and picks, one change at a time, with every `?visible=true` cut (Android's
    /// at five): each representation served is the one rendered from scratch, whether it was
    /// kept or rendered again, and many were kept through a change (not rendered again).
    /// With `scheduled`, a scheduled item shows between the static items and the favorites, so
    /// one favorite fewer shows in each visible cut.
    @Test(arguments: [1, 2, 3], [false, true])
    func keptRepresentationsAreTheOnesRenderedFromScratch(seed: UInt64, scheduled: Bool) throws {
        var random = AccountShortcutListTests.SeededGenerator(state: seed)
        let renderer = ShortcutListRenderer(appName: "Person", androidMaxShortcuts: 5)
        let fixture = try Fixture(setup: ShortcutListConfiguration(renderer: renderer))
        let showing =
            scheduled
            ? [
                ScheduledItem(
                    id: "sale",
                    draft: ScheduledItemDraft(
                        type: "SaleAction", title: LocalizedText(default: "Summer sale"), from: Timestamp(millisecondsSince1970: 0),
                        until: Timestamp(millisecondsSince1970: 4_000_000_000_000)), createdAt: Timestamp(millisecondsSince1970: 0))
            ] : []
        fixture.cache.replaceScheduled(showing)
        let scheduledItems = showing.map { $0.shortcutItem(language: renderer.baseLanguage) }
        for index in 0..<12 { _ = try fixture.contacts.create(NewContact(name: "Person \(index % 9)", favorite: index % 3 != 0)) }
        let builder = ShortcutItemBuilder()
        var millis: Int64 = 1_000_000
        var kept = 0
        for step in 0..<300 {
            let contacts = try fixture.contacts.list(ContactQuery(limit: 1000)).contacts
            guard let target = contacts.randomElement(using: &random) else { continue }
            millis += Int64.random(in: 0..<86_400_000, using: &random)
            let before = Self.keys.map { fixture.cache.versioned($0).representation }
            let version = fixture.cache.version
            switch Int.random(in: 0..<10, using: &random) {
            case 0: _ = try fixture.contacts.create(NewContact(name: "New \(step)", favorite: Bool.random(using: &random)))
            case 1: _ = try fixture.contacts.delete(id: target.id, expectedRevision: nil)
            case 2: _ = try fixture.contacts.update(id: target.id, ContactPatch(favorite: !target.favorite), expectedRevision: nil)
            case 3: _ = try fixture.contacts.update(id: target.id, ContactPatch(name: "Person \(step % 9)"), expectedRevision: nil)
            default: try fixture.pick(target, at: millis)
            }
            let expected = builder.items(scheduled: scheduledItems, favorites: try fixture.contacts.favorites(), order: .usage)
            for (key, previous) in zip(Self.keys, before) {
                let renders = fixture.cache.renders
                let served = fixture.cache.versioned(key).representation
                // Kept through a new version of the list: nothing rendered for it.
                if key.visibleOnly && fixture.cache.version != version && fixture.cache.renders == renders {
                    kept += 1
                    #expect(served === previous, "step \(step), \(key): kept, but not the copy served before")
                }
                let fresh = String(decoding: renderer.render(expected, key: key).body.array, as: UTF8.self)
                #expect(String(decoding: served.body.array, as: UTF8.self) == fresh, "step \(step), \(key)")
            }
        }
        #expect(kept > 100, "too few changes kept a visible list to test anything: \(kept)")
    }
}
