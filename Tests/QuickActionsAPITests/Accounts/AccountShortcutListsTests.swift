import QuickActions
import StorageCore
import Testing

@testable import QuickActionsAPI

/// The per-account shortcut lists: bounded, changed in place by their accounts' changes, never mixed up.
@Suite struct AccountShortcutListsTests {
    private static func lists(capacity: Int, store: InMemoryDataStore) throws -> AccountShortcutLists {
        try AccountShortcutLists(capacity: capacity, store: store, builder: ShortcutItemBuilder(), renderer: ShortcutListRenderer())
    }

    private static func account(_ store: InMemoryDataStore, _ name: String) throws -> AccountKey {
        try store.accounts.createAccount(name: name, tokenDigest: Array(name.utf8)).key
    }

    private static func dynamicTitles(_ list: AccountShortcutList) -> [String] {
        list.items.filter { $0.type == ShortcutItemBuilder.favoriteActionType }.map(\.localizedTitle)
    }

    @Test func memoryStaysWithinTheCapacityWhateverTheNumberOfAccounts() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 32, store: store)
        var keys: [AccountKey] = []
        for index in 0..<300 {
            let key = try Self.account(store, "account \(index)")
            _ = try store.contacts(of: key).create(NewContact(name: "Friend \(index)", favorite: true))
            keys.append(key)
        }
        for key in keys {
            // Twice: once the cache is full, a list is kept on its account's second miss.
            for _ in 0..<2 { #expect(Self.dynamicTitles(try lists.list(for: key)) == ["Friend \(key.rawValue - 2)"]) }
        }
        #expect(lists.count <= 32, "\(lists.count) lists kept")
        // The most recently used are the ones kept.
        #expect(lists.isCached(keys[keys.count - 1]))
        #expect(!lists.isCached(keys[0]))
    }

    @Test func aChangeOfAFavoriteChangesItsAccountsCachedListInPlaceOnly() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 100, store: store)
        let alice = try Self.account(store, "alice")
        let bob = try Self.account(store, "bob")
        let aliceList = try lists.list(for: alice)
        let before = aliceList.version
        let bobList = try lists.list(for: bob)
        let bobVersion = bobList.version
        let ada = try store.contacts(of: alice).create(NewContact(name: "Ada", favorite: true))
        #expect(lists.isCached(alice), "a new favorite changes the cached list, which stays")
        let withAda = try lists.list(for: alice)
        #expect(withAda === aliceList && Self.dynamicTitles(withAda) == ["Ada"] && withAda.version > before)
        #expect(try lists.list(for: bob) === bobList && bobList.version == bobVersion, "another account's list stays as it was")
        // A contact that is no favorite, before or after, is in no list: the list stays.
        let grace = try store.contacts(of: alice).create(NewContact(name: "Grace", favorite: false))
        _ = try store.contacts(of: alice).update(id: grace.id, ContactPatch(name: "Grace Hopper"), expectedRevision: nil)
        #expect(try lists.list(for: alice) === withAda)
        _ = try store.contacts(of: alice).update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
        #expect(Self.dynamicTitles(try lists.list(for: alice)).isEmpty)
    }

    @Test func aChangeSeenOnlyAsReReadOrADeletedAccountDropsTheListAndARebuiltOneIsNewer() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 100, store: store)
        let alice = try Self.account(store, "alice")
        let first = try lists.list(for: alice)
        // What another instance's change looks like: re-read the account.
        store.changes.publish(ContactChange(account: alice, before: nil, after: nil))
        #expect(!lists.isCached(alice))
        let second = try lists.list(for: alice)
        #expect(second !== first && second.version > first.version)
        _ = try store.accounts.deleteAccount(id: try #require(try store.accounts.accounts(after: nil, limit: 10).accounts.last?.id))
        #expect(!lists.isCached(alice))
    }

    /// The key of the JSON list, as `GET /shortcuts` asks by default.
    private static let json = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)

    @Test func aListLeavingTheCacheLeavesItsValidatorsWhichAChangeOfItsAccountDrops() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 16, store: store)  // one list per shard
        let alice = try Self.account(store, "alice")
        _ = try store.contacts(of: alice).create(NewContact(name: "Ada", favorite: true))
        let etag = try lists.list(for: alice).representation(Self.json).etag
        #expect(lists.validator(for: alice, key: Self.json) == nil, "a cached list answers itself")
        // Accounts of alice's shard (keys are spread by their low bits) push her list out.
        var others: [AccountKey] = []
        while others.count < 2 {
            let key = try Self.account(store, "other \(others.count) \(Int.random(in: 0..<1_000_000))")
            if key.rawValue % 16 == alice.rawValue % 16 { others.append(key) }
        }
        // Kept on its second miss (the cache is full), pushing alice's list out.
        for _ in 0..<2 { _ = try lists.list(for: others[0]).representation(Self.json) }
        #expect(!lists.isCached(alice) && lists.isCached(others[0]))
        let validator = try #require(lists.validator(for: alice, key: Self.json))
        #expect(validator.etag == etag && validator.key == Self.json)
        let notModified = validator.notModified
        #expect(notModified.status == 304 && notModified.body.bytes.isEmpty && notModified.prepared != nil)
        #expect(notModified.variableField?.name == "ETag" && notModified.variableField?.value == etag)
        #expect(notModified.headers["Cache-Control"] == "no-cache" && notModified.headers["Content-Type"] == nil)
        #expect(lists.validator(for: alice, key: ShortcutRepresentationKey(format: .propertyList, language: nil, visibleOnly: false)) == nil)
        #expect(lists.validator(for: others[1], key: Self.json) == nil, "never served: nothing to revalidate")

        // A change of the account drops them: the old ETag must not get a 304 any more.
        _ = try store.contacts(of: alice).create(NewContact(name: "Grace", favorite: true))
        #expect(lists.validator(for: alice, key: Self.json) == nil)
        #expect(try lists.list(for: alice).representation(Self.json).etag != etag)
        // Built again and cached, it answers itself again; a change of another account drops nothing.
        _ = try lists.list(for: others[1]).representation(Self.json)
        let aliceAgain = try #require(lists.validator(for: alice, key: Self.json))
        _ = try store.contacts(of: others[0]).create(NewContact(name: "Linus", favorite: true))
        #expect(lists.validator(for: alice, key: Self.json)?.etag == aliceAgain.etag)
        store.changes.publish(ContactChange(account: alice, before: nil, after: nil))
        #expect(lists.validator(for: alice, key: Self.json) == nil, "another instance's change drops them too")
    }

    /// `count` new accounts whose keys fall in `key`'s shard (keys are spread by their low bits).
    private static func shardMates(of key: AccountKey, _ count: Int, in store: InMemoryDataStore) throws -> [AccountKey] {
        var mates: [AccountKey] = []
        while mates.count < count {
            let mate = try Self.account(store, "mate \(mates.count) \(Int.random(in: 0..<1_000_000))")
            if mate.rawValue % 16 == key.rawValue % 16 { mates.append(mate) }
        }
        return mates
    }

    @Test func aListUsedSinceItWasCachedOutlivesOneThatWasNot() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 32, store: store)  // two lists per shard
        let used = try Self.account(store, "used")
        let mates = try Self.shardMates(of: used, 2, in: store)
        _ = try lists.list(for: used)
        _ = try lists.list(for: mates[0])
        _ = try lists.list(for: used)  // marked used
        _ = try lists.list(for: mates[1])  // the shard is full: served, not kept
        #expect(!lists.isCached(mates[1]) && lists.isCached(mates[0]))
        _ = try lists.list(for: mates[1])  // kept: the clock hand spares `used` once and takes mates[0]
        #expect(lists.isCached(used) && lists.isCached(mates[1]) && !lists.isCached(mates[0]))
        #expect(lists.count == 2)
    }

    @Test func aFullShardKeepsAListOnItsAccountsSecondMissAndOneNotKeptLeavesItsValidators() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 16, store: store)  // one list per shard
        let alice = try Self.account(store, "alice")
        let mate = try Self.shardMates(of: alice, 1, in: store)[0]
        _ = try store.contacts(of: mate).create(NewContact(name: "Ada", favorite: true))
        let aliceList = try lists.list(for: alice)
        // The shard is full: the mate's list is served, not kept, and alice's stays.
        let once = try lists.list(for: mate)
        #expect(Self.dynamicTitles(once) == ["Ada"] && !lists.isCached(mate) && lists.isCached(alice))
        #expect(lists.validator(for: mate, key: Self.json) == nil, "nothing rendered yet")
        let etag = once.representation(Self.json).etag
        #expect(lists.validator(for: mate, key: Self.json)?.etag == etag, "rendered: its validators are kept")
        // The second miss keeps it, in alice's place.
        let twice = try lists.list(for: mate)
        #expect(twice !== once && lists.isCached(mate) && !lists.isCached(alice))
        #expect(try lists.list(for: mate) === twice)
        #expect(try lists.list(for: alice) !== aliceList)
    }

    @Test func aListNotKeptLeavesNoValidatorsWhenItsShardChangedBeforeItsFirstRender() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 16, store: store)  // one list per shard
        let alice = try Self.account(store, "alice")
        let mate = try Self.shardMates(of: alice, 1, in: store)[0]
        _ = try lists.list(for: alice)
        let stale = try lists.list(for: mate)  // not kept: the shard is full
        #expect(!lists.isCached(mate))
        _ = try store.contacts(of: mate).create(NewContact(name: "Ada", favorite: true))
        // Rendered after the change: its ETag is of the list before it, and must never answer a 304.
        #expect(Self.dynamicTitles(stale).isEmpty)
        _ = stale.representation(Self.json)
        #expect(lists.validator(for: mate, key: Self.json) == nil)
        let current = try lists.list(for: mate)
        #expect(Self.dynamicTitles(current) == ["Ada"])
        // Its second miss keeps the current list, which then answers revalidations itself.
        guard case .list(let held) = lists.cached(mate, key: Self.json) else { Issue.record("the current list is cached"); return }
        #expect(held === current)
        #expect(current.representation(Self.json).etag != stale.representation(Self.json).etag)
    }

    @Test func aRevalidationFindsTheListOrItsValidatorUnderOneLookup() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 16, store: store)  // one list per shard
        let alice = try Self.account(store, "alice")
        _ = try store.contacts(of: alice).create(NewContact(name: "Ada", favorite: true))
        guard case .none = lists.cached(alice, key: Self.json) else { Issue.record("nothing read yet"); return }
        let list = try lists.list(for: alice)
        let etag = list.representation(Self.json).etag
        guard case .list(let held) = lists.cached(alice, key: Self.json) else { Issue.record("the list is cached"); return }
        #expect(held === list)
        let mate = try Self.shardMates(of: alice, 1, in: store)[0]
        for _ in 0..<2 { _ = try lists.list(for: mate).representation(Self.json) }  // kept on its second miss
        guard case .validator(let validator) = lists.cached(alice, key: Self.json) else { Issue.record("only the validator is"); return }
        #expect(validator.etag == etag)
    }

    @Test func aListRendersEachRepresentationOnceAndKeepsTheirValidators() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 100, store: store)
        let alice = try Self.account(store, "alice")
        _ = try store.contacts(of: alice).create(NewContact(name: "Ada", email: "ada@example.com", favorite: true))
        let list = try lists.list(for: alice)
        let plist = ShortcutRepresentationKey(format: .propertyList, language: nil, visibleOnly: false)
        let visible = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: true)
        let json = list.representation(Self.json)
        #expect(list.representation(plist) === list.representation(plist) && list.representation(Self.json) === json)
        #expect(list.representation(visible) !== json && list.representation(plist).contentType == "application/x-plist")
        #expect(Set(list.validators.map(\.etag)) == Set([json.etag, list.representation(plist).etag, list.representation(visible).etag]))
        // The same bytes and ETag as single-account mode's renderer gives the same favorites.
        let items = ShortcutItemBuilder().items(favorites: try store.contacts(of: alice).favorites(), order: .default)
        let direct = ShortcutListRenderer().render(items, key: Self.json)
        #expect(json.body.array == direct.body.array && json.etag == direct.etag)
        // An account's answers carry no header fields of their own: the ETag is the variable field.
        let ok = json.response
        #expect(ok.status == 200 && ok.prepared == nil && ok.variableField?.value == json.etag && ok.headers["ETag"] == nil)
        #expect(ok.headers["Content-Type"] == "application/json" && ok.body.bytes == json.body.array)
        // Every account's 304 in one language is one prepared response, the ETag swapped.
        let bob = try lists.list(for: try Self.account(store, "bob")).representation(Self.json)
        #expect(bob.etag != json.etag && bob.notModified.prepared != nil && bob.notModified.prepared === json.notModified.prepared)
        #expect(json.notModified.variableField?.value == json.etag && json.notModified.status == 304)
    }

    @Test func underConcurrentReadsAndChangesAWriterAlwaysReadsItsOwnChange() async throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 32, store: store)
        var accounts: [(key: AccountKey, contactId: String)] = []
        for index in 0..<200 {
            let key = try Self.account(store, "account \(index)")
            accounts.append((key, try store.contacts(of: key).create(NewContact(name: "Friend \(index)", favorite: false)).id))
        }
        let shared = accounts
        try await withThrowingTaskGroup(of: Int.self) { group in
            // Readers keep the cache churning (200 accounts, 32 lists).
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<3_000 { _ = try lists.list(for: shared[Int.random(in: 0..<shared.count)].key).representation(Self.json) }
                    return 0
                }
            }
            // Writers toggle a favorite, then read the list at once: it must show the change.
            for writer in 0..<2 {
                group.addTask {
                    var stale = 0
                    for round in 0..<400 {
                        let (key, contactId) = shared[writer * 100 + round % 100]  // each writer its own half
                        let favorite = try #require(try store.contacts(of: key).get(id: contactId)).favorite == false
                        _ = try store.contacts(of: key).update(id: contactId, ContactPatch(favorite: favorite), expectedRevision: nil)
                        if Self.dynamicTitles(try lists.list(for: key)).isEmpty == favorite { stale += 1 }
                    }
                    return stale
                }
            }
            var stale = 0
            for try await count in group { stale += count }
            #expect(stale == 0, "\(stale) reads after a change missed it")
        }
        #expect(lists.count <= 32)
    }

    @Test func validatorsAreBoundedToTenTimesTheLists() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 16, store: store)
        for index in 0..<(16 * AccountShortcutLists.validatorsPerList * 3) {
            let key = try Self.account(store, "account \(index)")
            _ = try lists.list(for: key).representation(Self.json)
        }
        #expect(lists.validatorCount <= 16 * AccountShortcutLists.validatorsPerList, "\(lists.validatorCount) validators kept")
        #expect(lists.validatorCount >= 16 * AccountShortcutLists.validatorsPerList - 16)
    }

    @Test("A new setup drops every list and validator; a list read after it shows the new static items with a higher version")
    func aNewSetupReplacesEveryListAndItsValidators() throws {
        let store = InMemoryDataStore()
        let lists = try Self.lists(capacity: 100, store: store)
        let alice = try Self.account(store, "alice")
        let bob = try Self.account(store, "bob")
        let key = ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false)
        let before = try lists.list(for: alice)
        let oldETag = before.representation(key).etag
        _ = try lists.list(for: bob).representation(key)
        let setup = ShortcutListConfiguration(
            builder: ShortcutItemBuilder(staticItems: [ShortcutItem(type: "New", localizedTitle: "New", kind: .static)]))
        lists.reconfigure(setup)
        #expect(!lists.isCached(alice) && !lists.isCached(bob) && lists.count == 0)
        #expect(lists.validator(for: alice, key: key) == nil, "a validator of the old list would answer 304")
        let after = try lists.list(for: alice)
        #expect(after.items.map(\.type) == ["New"])
        #expect(after.version > before.version)
        #expect(after.representation(key).etag != oldETag)
        #expect(before.items.map(\.type) == ["SearchAction", "ShareAction"], "a list never changes: it is replaced")
    }
}
