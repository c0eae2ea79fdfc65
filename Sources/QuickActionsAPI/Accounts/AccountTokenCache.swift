import Storage
import Synchronization

/// Token digests already looked up, with their accounts: a request with a known token costs a
/// hash and a dictionary lookup, not a database read. Bounded (`--cache-accounts`): when full,
/// an arbitrary entry leaves. A replaced token or a deleted account leaves at once (the store
/// reports both, see `AccountChangeFeed`), so revocation needs no expiry.
final class AccountTokenCache: Sendable {
    private struct State {
        var accounts: [[UInt8]: AccountKey] = [:]
        var digests: [AccountKey: [UInt8]] = [:]
    }

    private let state = Mutex(State())
    private let capacity: Int

    /// A cache of at most `capacity` tokens (at least one).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The account of `digest`, if cached.
    func account(for digest: [UInt8]) -> AccountKey? {
        state.withLock { $0.accounts[digest] }
    }

    /// Remembers that `digest` opens `account` (replacing any digest it had).
    func remember(_ digest: [UInt8], opens account: AccountKey) {
        state.withLock { state in
            if let old = state.digests[account] { state.accounts[old] = nil }
            if state.accounts.count >= capacity, let victim = state.accounts.first {
                state.accounts[victim.key] = nil
                state.digests[victim.value] = nil
            }
            state.accounts[digest] = account
            state.digests[account] = digest
        }
    }

    /// Forgets `account`'s token.
    func forget(_ account: AccountKey) {
        state.withLock { state in
            if let digest = state.digests.removeValue(forKey: account) { state.accounts[digest] = nil }
        }
    }

    /// Tokens held.
    var count: Int {
        state.withLock { $0.accounts.count }
    }
}
