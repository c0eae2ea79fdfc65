import Cryptography
import Foundation
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Synchronization
import Testing

@testable import QuickActionsAPI

/// The shortcut list follows the store's change feed one change at a time: after any sequence
/// of writes it must be exactly the list built from scratch, and render the same bytes.
@Suite struct AccountShortcutListTests {
    static let keys = [
        ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false),
        ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: true),
        ShortcutRepresentationKey(format: .propertyList, language: nil, visibleOnly: false),
    ]

    /// A generator with a fixed seed, so a failure can be replayed.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3])
    func incrementalChangesEndWhereARebuildFromScratchEnds(seed: UInt64) throws {
        var random = SeededGenerator(state: seed)
        let repository = InMemoryContactRepository()
        for index in 0..<40 { _ = try repository.create(NewContact(name: "Person \(index)", email: nil, favorite: index % 3 == 0)) }
        let builder = ShortcutItemBuilder()
        let renderer = ShortcutListRenderer()
        let cache = try AccountShortcutList.following(
            builder: builder, repository: repository, renderer: renderer, threadRows: ThreadRows(ownRows: 0))
        for step in 0..<400 {
            let contacts = try repository.list(ContactQuery(limit: 1000)).contacts
            let target = contacts.randomElement(using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: _ = try repository.create(NewContact(name: "New \(step)", email: "n\(step)@example.com", favorite: Bool.random(using: &random)))
            case 1: if let target { _ = try repository.delete(id: target.id, expectedRevision: nil) }
            case 2: if let target { _ = try repository.update(id: target.id, ContactPatch(name: "Renamed \(step)"), expectedRevision: nil) }
            default: if let target { _ = try repository.update(id: target.id, ContactPatch(favorite: !target.favorite), expectedRevision: nil) }
            }
            let expected = builder.items(favorites: try repository.favorites(), order: .default)
            #expect(cache.items == expected, "step \(step)")
            if step % 40 == 0 {
                for key in Self.keys {
                    #expect(cache.representation(key).body.array == renderer.render(expected, key: key).body.array, "step \(step), \(key)")
                }
            }
        }
    }

    /// The representation for `key` as a thread with a row of its own (the next of `rows`) gets it.
    private static func servedOnOwnRow(_ cache: AccountShortcutList, _ rows: ThreadRows, _ key: ShortcutRepresentationKey) -> ShortcutRepresentation?
    {
        let served = Mutex<ShortcutRepresentation?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            _ = rows.claim()
            served.withLock { $0 = cache.representation(key) }
            done.signal()
        }
        thread.start()
        done.wait()
        return served.withLock { $0 }
    }

    @Test("Each HTTP thread serves its own copy of a small list, and shares a large one's bytes with the others")
    func rowsCopySmallRepresentationsAndShareLargeOnes() throws {
        for (favorites, copied) in [(3, true), (600, false)] {
            let repository = InMemoryContactRepository()
            for index in 0..<favorites {
                _ = try repository.create(NewContact(name: "Person \(index)", email: "person.\(index)@example.com", favorite: true))
            }
            let rows = ThreadRows(ownRows: 2)
            let cache = try AccountShortcutList.following(
                builder: ShortcutItemBuilder(), repository: repository, renderer: ShortcutListRenderer(), threadRows: rows)
            let key = Self.keys[0]
            let first = try #require(Self.servedOnOwnRow(cache, rows, key))
            let second = try #require(Self.servedOnOwnRow(cache, rows, key))
            #expect((first.body.count > AccountShortcutList.rowCopyLimit) == !copied, "\(favorites) favorites: \(first.body.count) bytes")
            #expect((first !== second) == copied, "\(favorites) favorites")
            #expect(first.body.array == second.body.array && first.etag == second.etag)
        }
    }

    @Test func aChangeThatLeavesTheListAsItWasKeepsItsVersion() throws {
        let repository = InMemoryContactRepository()
        let favorite = try repository.create(NewContact(name: "Ada", email: "ada@example.com", favorite: true))
        let other = try repository.create(NewContact(name: "Alan", email: nil, favorite: false))
        let cache = try AccountShortcutList.following(
            builder: ShortcutItemBuilder(), repository: repository, renderer: ShortcutListRenderer(), threadRows: ThreadRows(ownRows: 0))
        let version = cache.version
        _ = try repository.update(id: other.id, ContactPatch(name: "Alan Turing"), expectedRevision: nil)
        #expect(cache.version == version, "a non-favorite's change does not touch the list")
        _ = try repository.update(id: favorite.id, ContactPatch(email: .some("ada@example.org")), expectedRevision: nil)
        #expect(cache.version == version + 1)
    }

    @Test func prerenderedItemsRenderTheSameBytes() throws {
        let items = (0..<12).map { index in
            ShortcutItemBuilder.favoriteItem(
                for: Contact(
                    id: "id\(index)", name: "Name \"\(index)\" é", email: index.isMultiple(of: 2) ? nil : "e\(index)@example.com", favorite: true,
                    createdAt: Timestamp(millisecondsSince1970: 0), updatedAt: Timestamp(millisecondsSince1970: 0), sequence: Int64(index)))
        }
        let builder = ShortcutItemBuilder()
        let list = builder.items(dynamic: items)
        let prerendered = items.map(PrerenderedShortcutItem.init)
        for item in prerendered {
            var hidden = item.item
            hidden.visible = false
            #expect(item.json == JSONWriter.bytes(hidden.json))
        }
        let renderer = ShortcutListRenderer(appName: "Name")
        for key in Self.keys {
            let plain = renderer.render(list, key: key)
            let fast = renderer.render(list, key: key) { index in index >= 2 ? prerendered[index - 2] : nil }
            #expect(fast.body.array == plain.body.array, "\(key)")
            #expect(fast.etag == plain.etag)
        }
        // The body joined from parts is the canonical JSON of the list, and `version` is the
        // hash of that list without it.
        let body = renderer.render(list, key: Self.keys[0]).body.array
        guard case .object(var object) = try JSONParser.parse(body), case .string(let version) = object["version"] else {
            Issue.record("not a list object")
            return
        }
        #expect(JSONWriter.bytes(.object(object)) == body)
        object["version"] = nil
        #expect(version == String(SHA256.hex(JSONWriter.bytes(.object(object))).prefix(32)))
    }

    @Test("A new setup is a new version of the list, with the new static items, announced once")
    func aNewSetupIsANewVersion() throws {
        let repository = InMemoryContactRepository()
        _ = try repository.create(NewContact(name: "Ada", email: nil, favorite: true))
        let cache = try AccountShortcutList.following(repository, setup: ShortcutListConfiguration(), threadRows: ThreadRows(ownRows: 0))
        let key = Self.keys[0]
        let before = cache.versioned(key)
        let announced = Mutex<[Int]>([])
        cache.onChange { cache in announced.withLock { $0.append(cache.version) } }
        let items = [ShortcutItem(type: "New", localizedTitle: "New", kind: .static)]
        cache.reconfigure(ShortcutListConfiguration(builder: ShortcutItemBuilder(staticItems: items)))
        let after = cache.versioned(key)
        #expect(after.version > before.version)
        #expect(after.representation.etag != before.representation.etag)
        #expect(cache.items.map(\.type) == ["New", ShortcutItemBuilder.favoriteActionType])
        let deadline = ContinuousClock.now + .seconds(10)
        while announced.withLock({ $0.isEmpty }) && ContinuousClock.now < deadline { usleep(1000) }
        #expect(announced.withLock { $0 } == [after.version])
    }

    @Test("A re-read after another instance's change keeps the setup in force, and is a newer version")
    func aRereadKeepsTheNewSetup() throws {
        let repository = InMemoryContactRepository()
        _ = try repository.create(NewContact(name: "Ada", email: nil, favorite: true))
        let cache = try AccountShortcutList.following(repository, setup: ShortcutListConfiguration(), threadRows: ThreadRows(ownRows: 0))
        let items = [ShortcutItem(type: "New", localizedTitle: "New", kind: .static)]
        cache.reconfigure(ShortcutListConfiguration(builder: ShortcutItemBuilder(staticItems: items)))
        let reconfigured = cache.versioned(Self.keys[0])
        // What the store says of a change it has no details of (another instance's).
        repository.changes.publish(ContactChange(before: nil, after: nil))
        let reread = cache.versioned(Self.keys[0])
        #expect(reread.version > reconfigured.version)
        #expect(cache.items.map(\.type) == ["New", ShortcutItemBuilder.favoriteActionType])
        #expect(reread.representation.etag == reconfigured.representation.etag, "the same favorites and setup rendered differently")
    }
}
