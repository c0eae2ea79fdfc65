import QuickActions
import Storage
import Testing

@testable import QuickActionsAPI

/// The per-account shortcut lists: bounded, following their accounts' changes, never mixed up.
@Suite struct AccountShortcutListsTests {
    private static func lists(capacity: Int, store: InMemoryDataStore) -> AccountShortcutLists {
        AccountShortcutLists(capacity: capacity, store: store, builder: ShortcutItemBuilder(), renderer: ShortcutListRenderer())
    }

    private static func account(_ store: InMemoryDataStore, _ name: String) throws -> AccountKey {
        try store.accounts.createAccount(name: name, tokenDigest: Array(name.utf8)).key
    }

    private static func dynamicTitles(_ list: ShortcutListCache) -> [String] {
        list.items.filter { $0.type == ShortcutItemBuilder.favoriteActionType }.map(\.localizedTitle)
    }

    @Test func memoryStaysWithinTheCapacityWhateverTheNumberOfAccounts() throws {
        let store = InMemoryDataStore()
        let lists = Self.lists(capacity: 32, store: store)
        var keys: [AccountKey] = []
        for index in 0..<300 {
            let key = try Self.account(store, "account \(index)")
            _ = try store.contacts(of: key).create(NewContact(name: "Friend \(index)", favorite: true))
            keys.append(key)
        }
        for key in keys {
            #expect(Self.dynamicTitles(try lists.list(for: key)) == ["Friend \(key.rawValue - 2)"])
        }
        #expect(lists.count <= 32, "\(lists.count) lists kept")
        // The most recently used are the ones kept.
        #expect(lists.isCached(keys[keys.count - 1]))
        #expect(!lists.isCached(keys[0]))
    }

    @Test func aCachedListFollowsItsAccountOnly() throws {
        let store = InMemoryDataStore()
        let lists = Self.lists(capacity: 100, store: store)
        let alice = try Self.account(store, "alice")
        let bob = try Self.account(store, "bob")
        let aliceList = try lists.list(for: alice)
        let bobList = try lists.list(for: bob)
        let (aliceVersion, bobVersion) = (aliceList.version, bobList.version)
        let ada = try store.contacts(of: alice).create(NewContact(name: "Ada", favorite: true))
        #expect(try lists.list(for: alice) === aliceList, "still cached")
        #expect(Self.dynamicTitles(aliceList) == ["Ada"] && aliceList.version > aliceVersion)
        #expect(Self.dynamicTitles(bobList).isEmpty && bobList.version == bobVersion)
        _ = try store.contacts(of: alice).update(id: ada.id, ContactPatch(favorite: false), expectedRevision: nil)
        #expect(Self.dynamicTitles(aliceList).isEmpty)
    }

    @Test func aChangeSeenOnlyAsReReadOrADeletedAccountDropsTheListAndARebuiltOneIsNewer() throws {
        let store = InMemoryDataStore()
        let lists = Self.lists(capacity: 100, store: store)
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
}
