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

    private enum Mode: Sendable {
        case single(tokenDigest: [UInt8]?, scope: AccountScope?)
        case multi(adminDigest: [UInt8], store: any DataStore, source: MultiAccountSource, tokens: AccountTokenCache)
    }

    private let mode: Mode

    /// Single-account mode: `token` (nil: none needed) opens every route, for `scope` (nil: a
    /// router without account routes, in tests).
    public init(serviceToken token: String?, scope: AccountScope?) {
        mode = .single(tokenDigest: token.map { SHA256.digest(Array($0.utf8)) }, scope: scope)
    }

    /// Multi-account mode over `store`: `adminToken` opens the admin routes; account tokens,
    /// looked up by digest (the last `cacheCapacity` in memory), open their account's.
    public init(adminToken: String, store: any DataStore, lists: AccountShortcutLists, cacheCapacity: Int) {
        let tokens = AccountTokenCache(capacity: cacheCapacity)
        mode = .multi(
            adminDigest: SHA256.digest(Array(adminToken.utf8)), store: store, source: MultiAccountSource(store: store, lists: lists),
            tokens: tokens)
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
        let presented = Self.bearerToken(request)
        switch mode {
        case .single(let tokenDigest, _):
            guard let tokenDigest else { return .service }
            if let presented, AccountToken.digestsEqual(AccountToken.digest(presented), tokenDigest) { return .service }
        case .multi(let adminDigest, let store, _, let tokens):
            guard let presented else { break }
            let digest = AccountToken.digest(presented)
            if AccountToken.digestsEqual(digest, adminDigest) { return .admin }
            // Garbage never reaches the store; a well-formed token costs one indexed read on a miss.
            guard AccountToken.isWellFormed(presented) else { break }
            if let key = tokens.account(for: digest) { return .account(key) }
            let seen = tokens.revocationCount
            if let account = try store.accounts.account(tokenDigest: digest) {
                tokens.remember(digest, opens: account.key, seen: seen)
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
        case (.multi(_, _, let source, _), .account(let key), .account):
            return AccountScope(key: key, source: source)
        case (.multi, .account, .admin), (.multi, .account, .operations):
            throw Self.forbidden("This operation needs the admin token; an account token opens only its own account's operations.")
        default:
            throw Self.forbidden("This credential does not open this operation.")
        }
    }

    /// The token of an `Authorization: Bearer` header (the scheme in any case), without
    /// surrounding white space. Reads the header's bytes in place: this runs on every request.
    static func bearerToken(_ request: HTTPRequest) -> String? {
        guard let header = request.headers["Authorization"] else { return nil }
        let utf8 = header.utf8
        let scheme: [UInt8] = Array("bearer ".utf8)
        guard utf8.count > scheme.count else { return nil }
        var index = utf8.startIndex
        for expected in scheme {
            // ASCII letters compare without case: OR-ing 0x20 lowers them (and leaves the space).
            guard utf8[index] | 0x20 == expected else { return nil }
            index = utf8.index(after: index)
        }
        var end = utf8.endIndex
        while index < end, utf8[index] == 0x20 || utf8[index] == 0x09 { index = utf8.index(after: index) }
        while end > index {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 || utf8[before] == 0x09 else { break }
            end = before
        }
        guard index < end else { return nil }
        return String(header[index..<end])
    }

    static func forbidden(_ detail: String) -> Problem {
        Problem(status: 403, title: "Forbidden", detail: detail, type: "https://quickactiond.dev/problems/wrong-credential")
    }
}
