import CCrypto
import StorageCore
import Synchronization

/// Token digests already looked up, with their accounts: a request with a known token costs a
/// hash and a dictionary lookup, not a database read. Bounded (`--cache-accounts`): each of
/// its shards forgets its oldest entry first when full (a ring of keys in insertion order, so
/// eviction costs O(1)). A replaced token or a deleted account leaves at once (the store
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

    private struct Shard {
        var accounts: [Digest: AccountKey] = [:]
        var digests: [AccountKey: Digest] = [:]
        /// Keys in insertion order, as a ring: the next to evict is at `next`.
        var ring: [Digest?]
        var next = 0

        init(capacity: Int) {
            ring = Array(repeating: nil, count: capacity)
        }
    }

    private final class ShardBox: Sendable {
        let state: Mutex<Shard>
        init(capacity: Int) { state = Mutex(Shard(capacity: capacity)) }
    }

    private static let shardCount = 16
    private let shards: [ShardBox]
    /// Counts `forget` calls: a lookup that began before one may have read a token it revoked.
    private let revocations = Atomic<UInt64>(0)

    /// Read before looking a token up in the store; give it back to `remember`.
    var revocationCount: UInt64 {
        revocations.load(ordering: .acquiring)
    }

    /// A cache of at most `capacity` tokens (at least one per shard).
    init(capacity: Int) {
        let perShard = max(1, (capacity + Self.shardCount - 1) / Self.shardCount)
        shards = (0..<Self.shardCount).map { _ in ShardBox(capacity: perShard) }
    }

    /// The account of `key`, if cached.
    func account(for key: Digest) -> AccountKey? {
        shard(key).state.withLock { $0.accounts[key] }
    }

    /// Remembers that `key` opens `account`, as the store said after `revocationCount` was
    /// `seen`: unless a token was revoked since (the store's answer may predate it).
    func remember(_ key: Digest, opens account: AccountKey, seen: UInt64) {
        shard(key).state.withLock { shard in
            guard shard.accounts[key] == nil, revocations.load(ordering: .acquiring) == seen else { return }
            if let evicted = shard.ring[shard.next], let owner = shard.accounts.removeValue(forKey: evicted) {
                shard.digests[owner] = nil
            }
            shard.ring[shard.next] = key
            shard.next = (shard.next + 1) % shard.ring.count
            shard.accounts[key] = account
            shard.digests[account] = key
        }
    }

    /// Forgets `account`'s token (in whichever shard holds it).
    func forget(_ account: AccountKey) {
        revocations.add(1, ordering: .releasing)
        for box in shards {
            box.state.withLock { shard in
                if let digest = shard.digests.removeValue(forKey: account) { shard.accounts[digest] = nil }
            }
        }
    }

    /// Forgets every token (changes may have been missed, see `AccountChange.everything`).
    func forgetAll() {
        revocations.add(1, ordering: .releasing)
        for box in shards {
            box.state.withLock { shard in
                shard.accounts.removeAll()
                shard.digests.removeAll()
            }
        }
    }

    /// Tokens held.
    var count: Int {
        shards.reduce(0) { total, box in total + box.state.withLock { $0.accounts.count } }
    }

    private func shard(_ key: Digest) -> ShardBox {
        shards[Int(key.words.1 % UInt64(Self.shardCount))]
    }
}
