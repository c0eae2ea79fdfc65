import Cryptography
import HTTPServer
import QuickActions
import StorageCore
import Synchronization
import Testing

@testable import QuickActionsAPI

@Suite struct AccountTokenTests {
    private static let base62 = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    @Test func generatedTokensHaveTheScannableForm() {
        for _ in 0..<100 {
            let token = AccountToken.generate()
            #expect(token.count == 39)
            #expect(token.hasPrefix("qa_"))
            #expect(token.dropFirst(3).allSatisfy { Self.base62.contains($0) })
            #expect(AccountToken.isWellFormed(token))
        }
    }

    @Test func checksumIsZlibsCRC32InBase62() {
        #expect(AccountToken.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        // Computed independently with Python's zlib.crc32, as a secret scanner would.
        let token = "qa_abcdefghijABCDEFGHIJ01234567892C2O59"
        #expect(String(decoding: AccountToken.checksum(Array("abcdefghijABCDEFGHIJ0123456789".utf8)), as: UTF8.self) == "2C2O59")
        #expect(AccountToken.isWellFormed(token))
    }

    @Test func anyChangedCharacterBreaksTheChecksum() {
        let token = Array(AccountToken.generate())
        for position in 3..<token.count {
            for replacement in Self.base62 where replacement != token[position] {
                var changed = token
                changed[position] = replacement
                #expect(!AccountToken.isWellFormed(String(changed)), "position \(position) → \(replacement)")
            }
        }
    }

    @Test func malformedTextIsRefused() {
        let good = AccountToken.generate()
        let body = String(good.dropFirst(3))
        var bad: [String] = ["", "qa_", String(good.dropLast()), good + "0", " " + good, good + "\n"]
        bad.append("qb_" + body)
        bad.append("QA_" + body)
        bad.append(String(good.prefix(10)) + "-" + String(good.dropFirst(11)))
        bad.append(String(good.prefix(10)) + "é" + String(good.dropFirst(12)))
        for text in bad { #expect(!AccountToken.isWellFormed(text), "\(text)") }
    }

    @Test func tenThousandTokensAreDistinct() {
        let tokens = (0..<10_000).map { _ in AccountToken.generate() }
        #expect(Set(tokens).count == tokens.count)
        // Every character of the alphabet turns up in the random part: nothing is stuck.
        #expect(Set(tokens.flatMap { $0.dropFirst(3).prefix(30) }) == Self.base62)
    }

    @Test func digestIsStableSHA256OfTheText() {
        let token = "qa_abcdefghijABCDEFGHIJ01234567892C2O59"
        #expect(AccountToken.digest(token) == SHA256.digest(Array(token.utf8)))
        #expect(AccountToken.digest(token) == AccountToken.digest(Substring(token)))
        #expect(AccountToken.digest(token).count == 32)
        #expect(AccountToken.digest(token) != AccountToken.digest(AccountToken.generate()))
    }

    @Test("Garbage, the admin token and cached tokens never reach the store; an unknown well-formed token costs one read")
    func onlyWellFormedUnknownTokensReachTheStore() throws {
        let store = CountingTokenLookups(InMemoryDataStore())
        let good = AccountToken.generate()
        let account = try store.accounts.createAccount(name: "Ada", tokenDigest: AccountToken.digest(good))
        let renderer = ShortcutListRenderer()
        let access = AccountAccess(
            mode: .multi(tokenCacheCapacity: 10, maxContactsPerAccount: 10_000),
            settings: CurrentConfiguration(ReloadableConfiguration(adminToken: "admin-secret")),
            store: store, lists: try AccountShortcutLists(capacity: 10, store: store, builder: ShortcutItemBuilder(), renderer: renderer))
        func principal(_ authorization: String) throws -> Principal? {
            var headers = HTTPHeaders()
            headers.add("Authorization", authorization)
            return try access.authenticate(HTTPRequest(method: "GET", target: "/contacts", headers: headers, body: []))
        }
        let garbage = [
            "", "Bearer", "Bearer qa_" + String(repeating: "A", count: 36), "Bearer " + String(good.dropLast()) + "!",
            "Bearer " + String(repeating: "x", count: 10_000), "Basic YWxhZGRpbjpvcGVuc2VzYW1l",
        ]
        for header in garbage {
            #expect(try principal(header) == nil, "\(header.prefix(40))")
        }
        #expect(try principal("Bearer admin-secret") == .admin)
        #expect(store.lookups.withLock { $0 } == 0, "nothing above is a well-formed account token")
        #expect(try principal("Bearer \(good)") == .account(account.key))
        #expect(try principal("bearer \(good)") == .account(account.key))
        #expect(store.lookups.withLock { $0 } == 1, "the second use is answered from the token cache")
        #expect(try principal("Bearer \(AccountToken.generate())") == nil)
        #expect(store.lookups.withLock { $0 } == 2)
    }
}

/// An in-memory store that counts lookups by token digest (the read a presented token may cost).
private final class CountingTokenLookups: DataStore, AccountStore {
    let base: InMemoryDataStore
    let lookups = Mutex(0)

    init(_ base: InMemoryDataStore) {
        self.base = base
    }

    var accounts: any AccountStore { self }
    func contacts(of account: AccountKey) -> any ContactRepository { base.contacts(of: account) }
    func triggers(of account: AccountKey) -> any TriggerStore { base.triggers(of: account) }
    var changes: ContactChangeFeed { base.changes }
    var remoteTriggers: TriggerFeed { base.remoteTriggers }
    var scheduledItems: any ScheduledItemStore { base.scheduledItems }
    var skippedRows: StoredRowSkips { base.skippedRows }
    func ping() throws(StorageError) { try base.ping() }
    func close() throws(StorageError) { try base.close() }
    func adoptUsageHalfLife(_ halfLife: UsageHalfLife, at now: Timestamp) throws(StorageError) -> UsageHalfLifeAdoption {
        try base.adoptUsageHalfLife(halfLife, at: now)
    }
    func createAccount(name: String, tokenDigest: [UInt8]) throws(StorageError) -> Account {
        try base.createAccount(name: name, tokenDigest: tokenDigest)
    }
    func account(id: String) throws(StorageError) -> Account? { try base.account(id: id) }
    func account(tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        lookups.withLock { $0 += 1 }
        return try base.account(tokenDigest: tokenDigest)
    }
    func accounts(after: AccountKey?, limit: Int) throws(StorageError) -> AccountPage { try base.accounts(after: after, limit: limit) }
    func deleteAccount(id: String) throws(StorageError) -> Account? { try base.deleteAccount(id: id) }
    func replaceToken(accountID id: String, tokenDigest: [UInt8]) throws(StorageError) -> Account? {
        try base.replaceToken(accountID: id, tokenDigest: tokenDigest)
    }
    func accountCount() throws(StorageError) -> Int { try base.accountCount() }
    func restoreDefaultAccount() throws(StorageError) { try base.restoreDefaultAccount() }
    var accountChanges: AccountChangeFeed { base.accountChanges }
}

/// A bearer token read from the request's header fields: its digest and its form, in place.
@Suite struct BearerCredentialTests {
    private static func headers(_ authorization: String) -> RequestHeaders {
        RequestHeaders([("Authorization", authorization)])
    }

    @Test func aTokensDigestIsTheSHA256OfItsText() throws {
        let token = AccountToken.generate()
        let expected = SHA256.Digest(SHA256.digest(Array(token.utf8)))
        for header in ["Bearer \(token)", "bearer \(token)", "BEARER \t\(token) \t"] {
            #expect(Self.headers(header).withBearerToken(SHA256.Digest.init(hashing:)) == expected, "\(header)")
            #expect(Self.headers(header).withBearerToken(AccountToken.isWellFormed) == true, "\(header)")
        }
    }

    @Test func anyOtherTextIsDigestedButNotWellFormed() {
        let admin = Self.headers("Bearer not-an-account-token")
        #expect(admin.withBearerToken(SHA256.Digest.init(hashing:)) == SHA256.Digest(hashing: Array("not-an-account-token".utf8)))
        #expect(admin.withBearerToken(AccountToken.isWellFormed) == false)
        var altered = Array(AccountToken.generate().utf8)
        altered[10] = altered[10] == UInt8(ascii: "a") ? UInt8(ascii: "b") : UInt8(ascii: "a")
        #expect(Self.headers("Bearer " + String(decoding: altered, as: UTF8.self)).withBearerToken(AccountToken.isWellFormed) == false)
    }
}
