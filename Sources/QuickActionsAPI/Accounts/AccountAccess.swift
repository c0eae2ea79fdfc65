import Cryptography
import HTTPServer
import Sharding
import StorageCore

/// Who a request comes from, in either mode (`AccountMode`): in single-account mode the service
/// token (or no token, when none is configured) is the account `default`'s credential and opens
/// the operations routes too; in multi-account mode the admin token opens the admin routes and
/// an account token, looked up by digest (the last `--cache-accounts` in memory), opens its
/// account's, and no route can be given another. Every account route acts through the same
/// scope source (`AccountSource`) in both modes.
///
/// Every request of every HTTP thread reads this object's `let`s, borrowed: nothing is
/// reference counted per request but the scope's source, which is its own thread's
/// (`PerThreadReplica`). (A count changed by both threads on every request passes its cache line
/// between the cores each time.)
public final class AccountAccess: AccessPolicy {
    /// Where the tokens are read, per request (a reload may replace them).
    private let settings: CurrentConfiguration
    private let store: any DataStore
    /// The sources of the scopes given to requests, one per HTTP thread.
    private let sources: PerThreadReplica<AccountSource>
    /// Single-account mode's account, which the service token opens; nil in multi-account mode.
    private let serviceAccount: AccountKey?
    /// Account tokens kept in memory (multi-account mode; never filled in single-account mode).
    private let tokens: AccountTokenCache

    /// The credentials `mode` takes over `store`'s accounts, the tokens of `settings`. The
    /// scopes given to requests are made per row of `threadRows` (one per HTTP thread).
    public init(
        mode: AccountMode, settings: CurrentConfiguration, store: any DataStore, lists: AccountShortcutLists, threadRows: ThreadRows = .single
    ) {
        self.settings = settings
        self.store = store
        serviceAccount = mode.fixedAccount
        sources = PerThreadReplica(rows: threadRows) { _ in AccountSource(store: store, lists: lists) }
        var capacity = 1
        if case .multi(let tokenCacheCapacity, _) = mode { capacity = tokenCacheCapacity }
        let tokens = AccountTokenCache(capacity: capacity)
        self.tokens = tokens
        store.accounts.accountChanges.observe { change in
            if let key = change.key { tokens.forget(key) } else { tokens.forgetAll() }
        }
    }

    public func authenticateFromMemory(_ request: HTTPRequest) -> MemoryAuthentication {
        if let serviceAccount {
            guard let tokenDigest = settings.withRequestView({ $0.serviceTokenDigest }) else { return .known(.account(serviceAccount)) }
            if let presented = request.headers.withBearerToken(SHA256.Digest.init(hashing:)), presented.equalsInConstantTime(tokenDigest) {
                return .known(.account(serviceAccount))
            }
            return BearerAuthenticator.openPaths.contains(request.path) ? .known(.anonymous) : .refused
        }
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
        case (.account(let key), .operations) where key == serviceAccount:
            return nil
        case (_, .admin) where serviceAccount != nil:
            throw Problem.wrongCredential(
                "The admin API exists in multi-account mode only: start quickactiond with --accounts and an admin token.")
        case (.admin, .account):
            throw Problem.wrongCredential(
                "The admin token manages accounts; it holds no contacts. Use an account token (POST /accounts gives one) for this operation.")
        case (.account, .admin), (.account, .operations):
            throw Problem.wrongCredential("This operation needs the admin token; an account token opens only its own account's operations.")
        }
    }
}
