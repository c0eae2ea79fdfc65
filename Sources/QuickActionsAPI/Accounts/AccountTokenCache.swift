import CCrypto
import Sharding
import Storage
import Synchronization

/// Token digests already looked up, with their accounts: a request with a known token costs a
/// hash and a dictionary lookup, not a database read. Bounded (`--cache-accounts`): each of
/// its shards forgets its oldest entry first when full (FIFO, in O(1)). A replaced token or a deleted account leaves at once (the store
/// reports both, see `AccountChangeFeed`), so revocation needs no expiry.
final class AccountTokenCache: Sendable {
    /// A SHA-256 digest as four words: hashed and compared without touching the heap.
    struct Digest: Hashable, Sendable {
        let words: (UInt64, UInt64, UInt64, UInt64)

        /// The digest of `bytes` (32 bytes; a shorter array is padded with zeros).
        init(_ bytes: [UInt8]) {
            func word(_ offset: Int) -> UInt64 {
                var value: UInt64 = 0
                for index in offset..<(offset + 8) where index < bytes.count { value = value << 8 | UInt64(bytes[index]) }
                return value
            }
            words = (word(0), word(8), word(16), word(24))
        }

        /// The SHA-256 digest of `bytes`, computed without touching the heap.
        init(sha256 bytes: UnsafeBufferPointer<UInt8>) {
            var digest: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
            let ok = withUnsafeMutableBytes(of: &digest) { out in
                qa_sha256(bytes.baseAddress, bytes.count, out.baseAddress?.assumingMemoryBound(to: UInt8.self))
            }
            precondition(ok == 1, "libcrypto failed to compute a SHA-256 digest")
            // Big-endian words, as `init(_:)` reads the bytes.
            words = (UInt64(bigEndian: digest.0), UInt64(bigEndian: digest.1), UInt64(bigEndian: digest.2), UInt64(bigEndian: digest.3))
        }

        /// The 32 bytes.
        var bytes: [UInt8] {
            withUnsafeBytes(of: (words.0.bigEndian, words.1.bigEndian, words.2.bigEndian, words.3.bigEndian)) { Array($0) }
        }

        static func == (lhs: Digest, rhs: Digest) -> Bool {
            lhs.words == rhs.words
        }

        /// Equality in time that does not depend on where the digests first differ.
        func equalsInConstantTime(_ other: Digest) -> Bool {
            (words.0 ^ other.words.0) | (words.1 ^ other.words.1) | (words.2 ^ other.words.2) | (words.3 ^ other.words.3) == 0
        }

        func hash(into hasher: inout Hasher) {
            // The digest is uniformly random already: one word is a good hash.
            hasher.combine(words.0)
        }
    }

    /// One shard's tokens, both ways, and the order they came in.
    private struct Shard {
        var accounts: [Digest: AccountKey] = [:]
        var digests: [AccountKey: Digest] = [:]
        /// Digests in insertion order (a forgotten one stays until its turn, stale).
        var order: BoundedRing<Digest>

        init(capacity: Int) {
            order = BoundedRing(capacity: capacity)
        }
    }

    private static let shardCount = 16
    private let shards: Sharded<Shard>
    /// Counts `forget` calls: a lookup that began before one may have read a token it revoked.
    private let revocations = Atomic<UInt64>(0)

    /// Read before looking a token up in the store; give it back to `remember`.
    var revocationCount: UInt64 {
        revocations.load(ordering: .acquiring)
    }

    /// A cache of at most `capacity` tokens (at least one per shard).
    init(capacity: Int) {
        let perShard = max(1, (capacity + Self.shardCount - 1) / Self.shardCount)
        shards = Sharded(count: Self.shardCount) { _ in Shard(capacity: perShard) }
    }

    /// The account of `key`, if cached.
    func account(for key: Digest) -> AccountKey? {
        shards.withLock(forHash: key.words.1) { $0.accounts[key] }
    }

    /// Remembers that `key` opens `account`, as the store said after `revocationCount` was
    /// `seen`: unless a token was revoked since (the store's answer may predate it).
    func remember(_ key: Digest, opens account: AccountKey, seen: UInt64) {
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
