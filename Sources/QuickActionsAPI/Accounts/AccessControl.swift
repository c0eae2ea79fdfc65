import HTTPServer
import QuickActions
import Storage

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

    /// What multi-account mode holds: one object, so that reading it costs one reference.
    private final class MultiAccount: Sendable {
        let adminDigest: AccountTokenCache.Digest
        let store: any DataStore
        let source: MultiAccountSource
        let tokens: AccountTokenCache

        init(adminDigest: AccountTokenCache.Digest, store: any DataStore, source: MultiAccountSource, tokens: AccountTokenCache) {
            self.adminDigest = adminDigest
            self.store = store
            self.source = source
            self.tokens = tokens
        }
    }

    private enum Mode: Sendable {
        case single(tokenDigest: AccountTokenCache.Digest?, scope: AccountScope?)
        case multi(MultiAccount)
    }

    private let mode: Mode

    /// Single-account mode: `token` (nil: none needed) opens every route, for `scope` (nil: a
    /// router without account routes, in tests).
    public init(serviceToken token: String?, scope: AccountScope?) {
        mode = .single(tokenDigest: token.map { AccountTokenCache.Digest(SHA256.digest(Array($0.utf8))) }, scope: scope)
    }

    /// Multi-account mode over `store`: `adminToken` opens the admin routes; account tokens,
    /// looked up by digest (the last `cacheCapacity` in memory), open their account's.
    public init(adminToken: String, store: any DataStore, lists: AccountShortcutLists, cacheCapacity: Int) {
        let tokens = AccountTokenCache(capacity: cacheCapacity)
        mode = .multi(
            MultiAccount(
                adminDigest: AccountTokenCache.Digest(SHA256.digest(Array(adminToken.utf8))), store: store,
                source: MultiAccountSource(store: store, lists: lists), tokens: tokens))
        store.accounts.accountChanges.observe { change in
            if let key = change.key { tokens.forget(key) } else { tokens.forgetAll() }
        }
    }

    /// Whether accounts are on (`--accounts`).
    public var hasAccounts: Bool {
        if case .multi = mode { return true }
        return false
    }

    /// The sender of `request`, or nil when its credential opens nothing (401). Paths in
    /// `BearerAuthenticator.openPaths` need none. A storage failure while looking a token up
    /// is thrown (503: the token may be valid).
    public func authenticate(_ request: HTTPRequest) throws(StorageError) -> Principal? {
        let presented = request.headers["Authorization"].flatMap(Self.bearerCredential)
        switch mode {
        case .single(let tokenDigest, _):
            guard let tokenDigest else { return .service }
            if let presented, presented.digest.equalsInConstantTime(tokenDigest) { return .service }
        case .multi(let multi):
            guard let presented else { break }
            if presented.digest.equalsInConstantTime(multi.adminDigest) { return .admin }
            if let key = multi.tokens.account(for: presented.digest) { return .account(key) }
            // Garbage never reaches the store; a well-formed token costs one indexed read on a
            // miss. (Checked after the cache: a digest found there is a token's.)
            guard presented.wellFormed else { break }
            let seen = multi.tokens.revocationCount
            if let account = try multi.store.accounts.account(tokenDigest: presented.digest.bytes) {
                multi.tokens.remember(presented.digest, opens: account.key, seen: seen)
                return .account(account.key)
            }
        }
        return BearerAuthenticator.openPaths.contains(request.path) ? .anonymous : nil
    }

    /// What `principal` may do on a route of `access`: the scope an account route acts for
    /// (nil for the others), or the problem (403) that refuses it.
    public func authorize(_ principal: Principal, _ access: RouteAccess) throws(Problem) -> AccountScope? {
        switch (mode, principal, access) {
        case (_, _, .open):
            return nil
        case (_, .anonymous, _):
            // Only open paths let a request through without a credential, and they route to open routes.
            throw BearerAuthenticator.challenge
        case (.single(_, let scope?), .service, .account):
            return scope
        case (.single(_, nil), .service, .account):
            return nil
        case (.single, .service, .operations), (.single, .service, .anyCredential):
            return nil
        case (.single, _, .admin):
            throw Self.forbidden("The admin API exists in multi-account mode only: start quickactiond with --accounts and an admin token.")
        case (.multi, .admin, .admin), (.multi, .admin, .operations), (.multi, _, .anyCredential):
            return nil
        case (.multi, .admin, .account):
            throw Self.forbidden(
                "The admin token manages accounts; it holds no contacts. Use an account token (POST /accounts gives one) for this operation.")
        case (.multi(let multi), .account(let key), .account):
            return AccountScope(key: key, source: multi.source)
        case (.multi, .account, .admin), (.multi, .account, .operations):
            throw Self.forbidden("This operation needs the admin token; an account token opens only its own account's operations.")
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
