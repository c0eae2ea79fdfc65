import Cryptography
import QuickActions
import StorageCore
import Testing

@testable import QuickActionsAPI

/// The token digests kept in memory: bounded, and never holding a revoked token.
@Suite struct AccountTokenCacheTests {
    private static func digest(_ number: Int) -> SHA256.Digest {
        SHA256.Digest(AccountToken.digest("token-\(number)"))
    }

    @Test func staysWithinItsCapacityAndFindsWhatItKept() {
        let cache = AccountTokenCache(capacity: 160)
        for number in 0..<5_000 {
            cache.remember(Self.digest(number), opens: AccountKey(Int64(number)), seen: cache.revocationCount)
        }
        #expect(cache.count <= 160, "\(cache.count) kept")
        #expect(cache.account(for: Self.digest(4_999)) == AccountKey(4_999), "the newest is kept")
        #expect(cache.account(for: Self.digest(0)) == nil, "the oldest left")
    }

    @Test func aRevocationDuringALookupKeepsTheOldTokenOut() {
        let cache = AccountTokenCache(capacity: 100)
        // A lookup reads the store (which still has the old token) ...
        let seen = cache.revocationCount
        // ... the token is replaced meanwhile ...
        cache.forget(AccountKey(7))
        // ... and the lookup's answer must not be kept.
        cache.remember(Self.digest(1), opens: AccountKey(7), seen: seen)
        #expect(cache.account(for: Self.digest(1)) == nil)
        cache.remember(Self.digest(2), opens: AccountKey(7), seen: cache.revocationCount)
        #expect(cache.account(for: Self.digest(2)) == AccountKey(7))
        cache.forgetAll()
        #expect(cache.account(for: Self.digest(2)) == nil && cache.count == 0)
    }

    @Test func missedChangesDropEveryListAndToken() throws {
        let api = try APITestHarness(accounts: "admin-secret")
        let created = try api.send(
            "POST", "/accounts", json: #"{"name":"Alice"}"#, headers: [("Authorization", "Bearer admin-secret")])
        let token = try #require(try created.object()["token"]?.stringValue)
        #expect(try api.send("GET", "/shortcuts", headers: [("Authorization", "Bearer \(token)")]).status == 200)
        let lists = try AccountShortcutLists(capacity: 10, store: api.store, builder: ShortcutItemBuilder(), renderer: ShortcutListRenderer())
        let key = try #require(try api.store.accounts.account(tokenDigest: AccountToken.digest(token))?.key)
        _ = try lists.list(for: key)
        #expect(lists.count == 1)
        api.store.accounts.accountChanges.publish(.everything)
        #expect(lists.count == 0)
        // The token still opens its account: read again from the store.
        #expect(try api.send("GET", "/shortcuts", headers: [("Authorization", "Bearer \(token)")]).status == 200)
    }
}
