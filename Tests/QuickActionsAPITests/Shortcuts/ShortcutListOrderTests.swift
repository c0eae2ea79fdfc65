import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Testing

@testable import QuickActionsAPI

/// The list keeps the favorites in `DynamicOrder`, moved one at a time by the picks and writes
/// the store reports; a pick that moves nothing changes nothing.
@Suite struct ShortcutListOrderTests {
    private static let json = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)

    /// A store, its default account's list in `order`, and a way to pick a favorite's item.
    private struct Fixture {
        let store = InMemoryDataStore()
        let cache: AccountShortcutList
        var contacts: any ContactRepository { store.contacts(of: .default) }

        init(order: DynamicOrder = .default) throws {
            cache = try AccountShortcutList.following(store.contacts(of: .default), order: order)
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

    @Test func aPickThatMovesAFavoriteBumpsTheVersionOnceAndOneThatMovesNothingChangesNothing() throws {
        let fixture = try Fixture()
        let ada = try fixture.contacts.create(NewContact(name: "Ada", favorite: true))
        _ = try fixture.contacts.create(NewContact(name: "Bob", favorite: true))
        let cy = try fixture.contacts.create(NewContact(name: "Cy", favorite: true))
        #expect(fixture.names == ["Ada", "Bob", "Cy"])
        let version = fixture.cache.version
        try fixture.pick(cy, at: 1_000_000)
        #expect(fixture.names == ["Cy", "Ada", "Bob"])
        #expect(fixture.cache.version == version + 1)
        #expect(fixture.cache.items.filter { $0.kind == .dynamic }.map(\.rank) == [0, 1, 2])
        // Rendered now; a pick that leaves every item in its place keeps the version and the
        // representation (nothing is rendered again).
        _ = fixture.cache.versioned(Self.json)
        try fixture.pick(cy, at: 2_000_000)
        try fixture.pick(ada, at: 1_000_000)
        #expect(fixture.names == ["Cy", "Ada", "Bob"])
        #expect(fixture.cache.version == version + 1)
        #expect(fixture.cache.rendered(Self.json) != nil, "the representation was dropped")
        // Ada overtakes Cy: one move, one version.
        for millis in [3_000_000, 3_000_001, 3_000_002] { try fixture.pick(ada, at: Int64(millis)) }
        #expect(fixture.names == ["Ada", "Cy", "Bob"])
        #expect(fixture.cache.version == version + 2)
        #expect(fixture.cache.rendered(Self.json) == nil)
    }

    @Test func pinnedFavoritesComeFirstInTheOrderTheyWerePinned() throws {
        let fixture = try Fixture()
        let ada = try fixture.contacts.create(NewContact(name: "Ada", favorite: true))
        let bob = try fixture.contacts.create(NewContact(name: "Bob", favorite: true))
        let cy = try fixture.contacts.create(NewContact(name: "Cy", favorite: true))
        try fixture.pick(ada, at: 1_000_000)
        _ = try fixture.contacts.update(id: cy.id, ContactPatch(pinned: true), expectedRevision: nil)
        _ = try fixture.contacts.update(id: bob.id, ContactPatch(pinned: true), expectedRevision: nil)
        #expect(fixture.names == ["Cy", "Bob", "Ada"])
        // A pick of a pinned favorite moves nothing.
        let version = fixture.cache.version
        try fixture.pick(bob, at: 2_000_000)
        #expect(fixture.cache.version == version)
        _ = try fixture.contacts.update(id: cy.id, ContactPatch(favorite: false), expectedRevision: nil)
        #expect(fixture.names == ["Bob", "Ada"])
    }

    @Test func theCreatedAndNameOrdersIgnorePicks() throws {
        let created = try Fixture(order: .created)
        let byName = try Fixture(order: .name)
        for fixture in [created, byName] {
            _ = try fixture.contacts.create(NewContact(name: "zoë", favorite: true))
            let ada = try fixture.contacts.create(NewContact(name: "Ada", favorite: true))
            let version = fixture.cache.version
            try fixture.pick(ada, at: 1_000_000)
            #expect(fixture.cache.version == version)
        }
        #expect(created.names == ["zoë", "Ada"])
        #expect(byName.names == ["Ada", "zoë"])
    }

    /// Random writes and picks, one change at a time: the list is always the one built from
    /// scratch in `DynamicOrder`, and renders the same bytes.
    @Test(arguments: [1, 2, 3])
    func incrementalMovesEndWhereARebuildFromScratchEnds(seed: UInt64) throws {
        var random = AccountShortcutListTests.SeededGenerator(state: seed)
        let fixture = try Fixture()
        for index in 0..<30 { _ = try fixture.contacts.create(NewContact(name: "Person \(index)", favorite: index % 2 == 0)) }
        let builder = ShortcutItemBuilder()
        let renderer = ShortcutListRenderer()
        var millis: Int64 = 1_000_000
        for step in 0..<400 {
            let contacts = try fixture.contacts.list(ContactQuery(limit: 1000)).contacts
            guard let target = contacts.randomElement(using: &random) else { continue }
            millis += Int64.random(in: 0..<86_400_000, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: _ = try fixture.contacts.create(NewContact(name: "New \(step)", favorite: Bool.random(using: &random)))
            case 1: _ = try fixture.contacts.delete(id: target.id, expectedRevision: nil)
            case 2: _ = try fixture.contacts.update(id: target.id, ContactPatch(favorite: !target.favorite), expectedRevision: nil)
            case 3: _ = try fixture.contacts.update(id: target.id, ContactPatch(pinned: !target.pinned), expectedRevision: nil)
            default: try fixture.pick(target, at: millis)
            }
            let expected = builder.items(favorites: try fixture.contacts.favorites(), order: .usage)
            #expect(fixture.cache.items == expected, "step \(step)")
            if step % 50 == 0 {
                #expect(fixture.cache.representation(Self.json).body.array == renderer.render(expected, key: Self.json).body.array, "step \(step)")
            }
        }
    }

    /// With accounts: a pick that moves nothing leaves the account's cached list as it is (same
    /// version); one that moves a favorite moves it in the cached list, a new version.
    @Test func anAccountsCachedListFollowsThePicksThatMoveAFavorite() throws {
        let store = InMemoryDataStore()
        let lists = try AccountShortcutLists(capacity: 10, store: store, setup: ShortcutListConfiguration())
        let account = try store.accounts.createAccount(name: "a", tokenDigest: Array("a".utf8))
        let contacts = store.contacts(of: account.key)
        let ada = try contacts.create(NewContact(name: "Ada", favorite: true))
        let bob = try contacts.create(NewContact(name: "Bob", favorite: true))
        func pick(_ contact: Contact, at millis: Int64) throws {
            let at = Timestamp(millisecondsSince1970: millis)
            let record = TriggerRecord(
                id: ContactID.generate(at: at), type: ShortcutItemBuilder.favoriteActionType, userInfo: ["contactId": .string(contact.id)],
                launch: nil, deviceId: nil, receivedAt: at, message: "picked", contactId: contact.id)
            _ = try store.triggers(of: account.key).append(record, answer: nil, pick: UsagePick(contactId: contact.id, at: at, halfLife: .default))
        }
        try pick(ada, at: 1_000_000)
        let first = try lists.list(for: account.key)
        #expect(first.items.filter { $0.kind == .dynamic }.map(\.localizedTitle) == ["Ada", "Bob"])
        let version = first.version
        try pick(ada, at: 2_000_000)
        #expect(try lists.list(for: account.key) === first && first.version == version)
        for millis in [3_000_000, 3_000_001, 3_000_002] { try pick(bob, at: Int64(millis)) }
        let moved = try lists.list(for: account.key)
        #expect(moved === first && moved.version > version)
        #expect(moved.items.filter { $0.kind == .dynamic }.map(\.localizedTitle) == ["Bob", "Ada"])
        #expect(moved.items.filter { $0.kind == .dynamic }.map(\.rank) == [0, 1])
    }
}
