import Cryptography
import Sharding
import StorageCore
import Synchronization

/// Token digests already looked up, with their accounts: a request with a known token costs a
/// hash and a dictionary lookup, not a database read. Bounded (`--cache-accounts`): each of
/// its shards forgets its oldest entry first when full (`BoundedRing`, O(1)). A replaced token
/// or a deleted account leaves at once (the store reports both, see `AccountChangeFeed`), so
/// revocation needs no expiry.
final class AccountTokenCache: Sendable {
    /// One shard's tokens, both ways, and the order they came in.
    private struct Shard {
        var accounts: [SHA256.Digest: AccountKey] = [:]
        var digests: [AccountKey: SHA256.Digest] = [:]
        /// Digests in insertion order (a forgotten one stays until its turn, stale).
        var order: BoundedRing<SHA256.Digest>

        init(capacity: Int) {
            order = BoundedRing(capacity: capacity)
        }
    }

    private let shards: Sharded<Shard>
    /// Counts `forget` calls: a lookup that began before one may have read a token it revoked.
    private let revocations = Atomic<UInt64>(0)

    /// Read before looking a token up in the store; give it back to `remember`.
    var revocationCount: UInt64 {
        revocations.load(ordering: .acquiring)
    }

    /// A cache of at most `capacity` tokens (at least one per shard).
    init(capacity: Int) {
        shards = Sharded(capacity: capacity) { perShard in Shard(capacity: perShard) }
    }

    /// The account of `key`, if cached.
    func account(for key: SHA256.Digest) -> AccountKey? {
        shards.withLock(forHash: key.words.1) { $0.accounts[key] }
    }

    /// Remembers that `key` opens `account`, as the store said after `revocationCount` was
    /// `seen`: unless a token was revoked since (the store's answer may predate it).
    func remember(_ key: SHA256.Digest, opens account: AccountKey, seen: UInt64) {
        shards.withLock(forHash: key.words.1) { shard in
            guard shard.accounts[key] == nil, revocations.load(ordering: .acquiring) == seen else { return }
            if let evicted = shard.order.push(key), let owner = shard.accounts.removeValue(forKey: evicted) {
                shard.digests[owner] = nil
            }
            shard.accounts[key] = account
            shard.digests[account] = key
        }
    }

    /// Forgets `account`'s token (in whichever shard holds it).
    func forget(_ account: AccountKey) {
        revocations.add(1, ordering: .releasing)
        shards.forEach { shard in
            if let digest = shard.digests.removeValue(forKey: account) { shard.accounts[digest] = nil }
        }
    }

    /// Forgets every token (changes may have been missed, see `AccountChange.everything`).
    func forgetAll() {
        revocations.add(1, ordering: .releasing)
        shards.forEach { shard in
            shard.accounts.removeAll()
            shard.digests.removeAll()
        }
    }

    /// Tokens held.
    var count: Int {
        shards.reduce(0) { total, shard in total + shard.accounts.count }
    }
}
