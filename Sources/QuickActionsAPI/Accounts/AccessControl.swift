import HTTPServer
import QuickActions
import Sharding
import StorageCore

/// Who a request comes from, and what it may reach.
///
/// Single-account mode (the default) knows one credential, the service token (`--token`), or
/// none; every account route acts for the account `default`. Multi-account mode (`--accounts`)
/// tells the admin token from account tokens: an account token selects its account, and
/// no route can be given another.
public final class AccessControl: Sendable {
    /// The sender of a request, once its credential is checked.
    public enum Principal: Sendable, Equatable {
        /// No credential, on a path that needs none (probes, the preview page's files).
        case anonymous
        /// Single-account mode: the service token, or anyone when there is none.
        case service
        /// The admin token.
        case admin
        /// An account token.
        case account(AccountKey)
    }

    /// What multi-account mode holds.
    ///
    /// Every request reads it, on every HTTP thread, so nothing in it is reference counted per
    /// request: it is read through `let`s of this object (borrowed, not copied, where a `Mode`
    /// enum with it as payload was copied, and retained, by each `switch`), and the scope a
    /// request gets holds its own thread's source (`PerThreadReplica`). A count changed by both
    /// threads on every request passes its cache line between the cores each time.
    private final class MultiAccount: Sendable {
        let store: any DataStore
        let sources: PerThreadReplica<MultiAccountSource>
        let tokens: AccountTokenCache

        init(store: any DataStore, sources: PerThreadReplica<MultiAccountSource>, tokens: AccountTokenCache) {
            self.store = store
            self.sources = sources
            self.tokens = tokens
        }
    }

    /// Where the service and admin tokens are read, per request (a reload may replace them).
    private let settings: CurrentSettings
    /// Single-account mode's scope (nil in multi-account mode, and for a router without
    /// account routes, in tests).
    private let singleScope: AccountScope?
    /// Multi-account mode's state (nil in single-account mode).
    private let multi: MultiAccount?
    /// The same object, for the per-request paths: read with `_withUnsafeGuaranteedRef`, which
    /// borrows it with no retain and release (binding `multi` with `if let` copies it: a
    /// retain on every request of an object every thread shares). `multi` keeps it alive as
    /// long as this object, whose methods are the only readers.
    private let borrowedMulti: Unmanaged<MultiAccount>?

    /// Single-account mode: the service token of `settings` (nil: none needed) opens every
    /// route, for `scope` (nil: a router without account routes, in tests).
    public init(settings: CurrentSettings, scope: AccountScope?) {
        self.settings = settings
        singleScope = scope
        multi = nil
        borrowedMulti = nil
    }

    /// Single-account mode with a fixed `token`.
    public convenience init(serviceToken token: String?, scope: AccountScope?) {
        self.init(settings: CurrentSettings(ServiceSettings(serviceToken: token)), scope: scope)
    }

    /// Multi-account mode over `store`: the admin token of `settings` opens the admin routes;
    /// account tokens, looked up by digest (the last `cacheCapacity` in memory), open their
    /// account's. The scopes given to requests are made per row of `threadRows` (one per HTTP thread).
    public init(
        settings: CurrentSettings, store: any DataStore, lists: AccountShortcutLists, cacheCapacity: Int, threadRows: ThreadRows = .single
    ) {
        self.settings = settings
        let tokens = AccountTokenCache(capacity: cacheCapacity)
        singleScope = nil
        let multi = MultiAccount(
            store: store, sources: PerThreadReplica(rows: threadRows) { _ in MultiAccountSource(store: store, lists: lists) }, tokens: tokens)
        self.multi = multi
        borrowedMulti = Unmanaged.passUnretained(multi)
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

    /// Whether accounts are on (`--accounts`).
    public var hasAccounts: Bool {
        borrowedMulti != nil
    }

    /// What can be told of a request's sender without reading the store.
    public enum MemoryAuthentication: Sendable, Equatable {
        /// The sender.
        case known(Principal)
        /// A credential that opens nothing (401).
        case refused
        /// A well-formed account token that is not in memory: the store must be asked.
        case needsStore
    }

    /// The sender of `request`, or nil when its credential opens nothing (401). Paths in
    /// `BearerAuthenticator.openPaths` need none. A storage failure while looking a token up
    /// is thrown (503: the token may be valid).
    public func authenticate(_ request: HTTPRequest) throws(StorageError) -> Principal? {
        switch authenticateFromMemory(request) {
        case .known(let principal):
            return principal
        case .refused:
            return nil
        case .needsStore:
            // Garbage never gets here; a well-formed token costs one indexed read on a miss.
            guard let multi, let presented = request.headers["Authorization"].flatMap(Self.bearerCredential) else { return nil }
            let seen = multi.tokens.revocationCount
            guard let account = try multi.store.accounts.account(tokenDigest: presented.digest.bytes) else { return nil }
            multi.tokens.remember(presented.digest, opens: account.key, seen: seen)
            return .account(account.key)
        }
    }

    /// The sender of `request` as far as memory tells: the admin token, a token in the cache,
    /// single-account mode's token; `needsStore` for a well-formed account token that is not
    /// in the cache. A path open without a credential never needs the store: what a token
    /// would open does not change its answer.
    public func authenticateFromMemory(_ request: HTTPRequest) -> MemoryAuthentication {
        let presented = request.headers["Authorization"].flatMap(Self.bearerCredential)
        if let borrowedMulti {
            if let presented {
                let isAdmin = settings.withRequestView { view in view.adminTokenDigest.map(presented.digest.equalsInConstantTime) ?? false }
                if isAdmin { return .known(.admin) }
                let known = borrowedMulti._withUnsafeGuaranteedRef { multi -> Principal? in
                    multi.tokens.account(for: presented.digest).map(Principal.account)
                }
                if let known { return .known(known) }
                // (Checked after the cache: a digest found there is a token's.)
                if presented.wellFormed, !BearerAuthenticator.openPaths.contains(request.path) { return .needsStore }
            }
        } else if let tokenDigest = settings.withRequestView({ $0.serviceTokenDigest }) {
            if let presented, presented.digest.equalsInConstantTime(tokenDigest) { return .known(.service) }
        } else {
            return .known(.service)
        }
        return BearerAuthenticator.openPaths.contains(request.path) ? .known(.anonymous) : .refused
    }

    /// What `principal` may do on a route of `access`: the scope an account route acts for
    /// (nil for the others), or the problem (403) that refuses it.
    public func authorize(_ principal: Principal, _ access: RouteAccess) throws(Problem) -> AccountScope? {
        if let borrowedMulti {
            switch (principal, access) {
            case (_, .open):
                return nil
            case (.anonymous, _):
                // Only open paths let a request through without a credential, and they route to open routes.
                throw BearerAuthenticator.challenge
            case (.account(let key), .account):
                return AccountScope(key: key, source: borrowedMulti._withUnsafeGuaranteedRef { $0.sources.current })
            case (.admin, .admin), (.admin, .operations), (_, .anyCredential):
                return nil
            case (.admin, .account):
                throw Self.forbidden(
                    "The admin token manages accounts; it holds no contacts. Use an account token (POST /accounts gives one) for this operation.")
            case (.account, .admin), (.account, .operations):
                throw Self.forbidden("This operation needs the admin token; an account token opens only its own account's operations.")
            default:
                throw Self.forbidden("This credential does not open this operation.")
            }
        }
        switch (principal, access) {
        case (_, .open):
            return nil
        case (.anonymous, _):
            throw BearerAuthenticator.challenge
        case (.service, .account):
            return singleScope
        case (.service, .operations), (.service, .anyCredential):
            return nil
        case (_, .admin):
            throw Self.forbidden("The admin API exists in multi-account mode only: start quickactiond with --accounts and an admin token.")
        default:
            throw Self.forbidden("This credential does not open this operation.")
        }
    }

    /// The token of an `Authorization: Bearer` header: its SHA-256 digest, and where it lies
    /// in the header, to check its form only when the digest is not a known token's.
    struct BearerCredential {
        let digest: AccountTokenCache.Digest
        private let header: String
        private let token: Range<Int>

        init(digest: AccountTokenCache.Digest, header: String, token: Range<Int>) {
            self.digest = digest
            self.header = header
            self.token = token
        }

        /// Whether the token is well formed as an account token (`AccountToken.isWellFormed`).
        var wellFormed: Bool {
            var header = header
            return header.withUTF8 { AccountToken.isWellFormed(bytes: UnsafeBufferPointer(rebasing: $0[token])) }
        }
    }

    /// The token of an `Authorization: Bearer` header (the scheme in any case, surrounding
    /// white space ignored). Reads the header's bytes in place, with no copy of the token: this
    /// runs on every request.
    static func bearerCredential(_ header: String) -> BearerCredential? {
        var utf8Header = header
        return utf8Header.withUTF8 { utf8 -> BearerCredential? in
            let scheme = "bearer "
            guard utf8.count > scheme.utf8.count else { return nil }
            var index = 0
            for expected in scheme.utf8 {
                // ASCII letters compare without case: OR-ing 0x20 lowers them (and leaves the space).
                guard utf8[index] | 0x20 == expected else { return nil }
                index += 1
            }
            var end = utf8.count
            while index < end, utf8[index] == 0x20 || utf8[index] == 0x09 { index += 1 }
            while end > index, utf8[end - 1] == 0x20 || utf8[end - 1] == 0x09 { end -= 1 }
            guard index < end else { return nil }
            let digest = AccountTokenCache.Digest(sha256: UnsafeBufferPointer(rebasing: utf8[index..<end]))
            return BearerCredential(digest: digest, header: header, token: index..<end)
        }
    }

    static func forbidden(_ detail: String) -> Problem {
        Problem(status: 403, title: "Forbidden", detail: detail, type: "https://quickactiond.dev/problems/wrong-credential")
    }
}
