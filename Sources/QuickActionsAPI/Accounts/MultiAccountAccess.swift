import Cryptography
import HTTPServer
import Sharding
import StorageCore

/// Multi-account mode (`--accounts`): the admin token opens the admin routes; an account token,
/// looked up by digest (the last `--cache-accounts` in memory), opens its account's, and no
/// route can be given another.
///
/// Every request of every HTTP thread reads this object's `let`s, borrowed: nothing is
/// reference counted per request but the scope's source, which is its own thread's
/// (`PerThreadReplica`). (A count changed by both threads on every request passes its cache line
/// between the cores each time.)
public final class MultiAccountAccess: AccessPolicy {
    /// Where the admin token is read, per request (a reload may replace it).
    private let settings: CurrentSettings
    private let store: any DataStore
    /// The sources of the scopes given to requests, one per HTTP thread.
    private let sources: PerThreadReplica<MultiAccountSource>
    private let tokens: AccountTokenCache

    /// Account tokens of `store`, and the admin token of `settings`. The scopes given to
    /// requests are made per row of `threadRows` (one per HTTP thread).
    public init(
        settings: CurrentSettings, store: any DataStore, lists: AccountShortcutLists, cacheCapacity: Int, threadRows: ThreadRows = .single
    ) {
        self.settings = settings
        self.store = store
        sources = PerThreadReplica(rows: threadRows) { _ in MultiAccountSource(store: store, lists: lists) }
        let tokens = AccountTokenCache(capacity: cacheCapacity)
        self.tokens = tokens
        store.accounts.accountChanges.observe { change in
            if let key = change.key { tokens.forget(key) } else { tokens.forgetAll() }
        }
    }

    /// Multi-account mode with a fixed `adminToken`.
    public convenience init(
        adminToken: String, store: any DataStore, lists: AccountShortcutLists, cacheCapacity: Int, threadRows: ThreadRows = .single
    ) {
        self.init(
            settings: CurrentSettings(ServiceSettings(adminToken: adminToken)), store: store, lists: lists, cacheCapacity: cacheCapacity,
            threadRows: threadRows)
    }

    public func authenticateFromMemory(_ request: HTTPRequest) -> MemoryAuthentication {
        if let presented = request.headers.withBearerToken(SHA256.Digest.init(hashing:)) {
            let isAdmin = settings.withRequestView { view in view.adminTokenDigest.map(presented.equalsInConstantTime) ?? false }
            if isAdmin { return .known(.admin) }
            if let account = tokens.account(for: presented) { return .known(.account(account)) }
            // (Checked after the cache: a digest found there is a token's.)
            if request.headers.withBearerToken(AccountToken.isWellFormed) == true, !BearerAuthenticator.openPaths.contains(request.path) {
                return .needsStore
            }
        }
        return BearerAuthenticator.openPaths.contains(request.path) ? .known(.anonymous) : .refused
    }

    public func authenticate(_ request: HTTPRequest) throws(StorageError) -> Principal? {
        switch authenticateFromMemory(request) {
        case .known(let principal):
            return principal
        case .refused:
            return nil
        case .needsStore:
            // Garbage never gets here; a well-formed token costs one indexed read on a miss.
            guard let presented = request.headers.withBearerToken(SHA256.Digest.init(hashing:)) else { return nil }
            let seen = tokens.revocationCount
            guard let account = try store.accounts.account(tokenDigest: presented.bytes) else { return nil }
            tokens.remember(presented, opens: account.key, seen: seen)
            return .account(account.key)
        }
    }

    public func authorize(_ principal: Principal, _ access: RouteAccess) throws(Problem) -> AccountScope? {
        switch (principal, access) {
        case (_, .open):
            return nil
        case (.anonymous, _):
            // Only open paths let a request through without a credential, and they route to open routes.
            throw BearerAuthenticator.challenge
        case (.account(let key), .account):
            return AccountScope(key: key, source: sources.current)
        case (.admin, .admin), (.admin, .operations), (_, .anyCredential):
            return nil
        case (.admin, .account):
            throw Problem.wrongCredential(
                "The admin token manages accounts; it holds no contacts. Use an account token (POST /accounts gives one) for this operation.")
        case (.account, .admin), (.account, .operations):
            throw Problem.wrongCredential("This operation needs the admin token; an account token opens only its own account's operations.")
        default:
            throw Problem.wrongCredential("This credential does not open this operation.")
        }
    }
}
