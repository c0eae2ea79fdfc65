import Dispatch
import QuickActions
import Sharding
import Storage
import Synchronization

/// Every account's shortcut list, in a cache bounded by `capacity` lists (`--cache-accounts`),
/// so memory does not grow with the number of accounts. A list is built from the store on a
/// miss; a cached one follows its account's changes as the single-account list does (one
/// favorite's item at a time); the least recently used list leaves when the cache is full.
///
/// The cache is split into shards, each under a lock of its own. A list built while a change
/// of the same shard committed may miss that change, so it is served to the request that built
/// it (which began before the change was answered) but not kept.
public final class AccountShortcutLists: Sendable {
    private struct Entry {
        let list: ShortcutListCache
        var lastUse: UInt64
    }

    private struct Shard {
        var entries: [AccountKey: Entry] = [:]
        /// Moves on with every change reported for an account of this shard.
        var changes: UInt64 = 0
        var clock: UInt64 = 0
    }

    private final class ShardBox: Sendable {
        let state = Mutex(Shard())
    }

    private static let shardCount = 16
    private let shards: [ShardBox]
    private let capacityPerShard: Int
    private let store: any DataStore
    private let builder: ShortcutItemBuilder
    private let renderer: ShortcutListRenderer
    private let versions = ShortcutListVersions()
    /// Where every list tells its observers of changes.
    private let announcer = DispatchQueue(label: "quickactiond.accounts.announce")
    private let observers = Mutex<[@Sendable (AccountKey, ShortcutListCache) -> Void]>([])

    /// A cache of at most `capacity` lists (at least one per shard) over `store`'s accounts.
    public init(capacity: Int, store: any DataStore, builder: ShortcutItemBuilder, renderer: ShortcutListRenderer) {
        shards = (0..<Self.shardCount).map { _ in ShardBox() }
        capacityPerShard = max(1, (capacity + Self.shardCount - 1) / Self.shardCount)
        self.store = store
        self.builder = builder
        self.renderer = renderer
        store.changes.observe { [weak self] change in self?.apply(change) }
        store.accounts.accountChanges.observe { [weak self] change in
            switch change {
            case .deleted(let key): self?.evict(key)
            case .everything: self?.evictAll()
            case .tokenReplaced: break
            }
        }
    }

    /// Calls `observer` after changes of a cached list (on the cache's queue): the account and its list.
    public func onChange(_ observer: @escaping @Sendable (AccountKey, ShortcutListCache) -> Void) {
        observers.withLock { $0.append(observer) }
    }

    /// Lists held now.
    public var count: Int {
        shards.reduce(0) { total, shard in total + shard.state.withLock { $0.entries.count } }
    }

    /// Whether `account`'s list is cached (for tests).
    func isCached(_ account: AccountKey) -> Bool {
        shard(account).state.withLock { $0.entries[account] != nil }
    }

    /// `account`'s list: the cached one, or one built from the store (and kept).
    public func list(for account: AccountKey) throws(StorageError) -> ShortcutListCache {
        let box = shard(account)
        let (cached, seen) = box.state.withLock { shard -> (ShortcutListCache?, UInt64) in
            shard.clock += 1
            shard.entries[account]?.lastUse = shard.clock
            return (shard.entries[account]?.list, shard.changes)
        }
        if let cached { return cached }
        let list = ShortcutListCache(
            builder: builder, favorites: try store.contacts(of: account).favorites(), renderer: renderer, threadRows: nil,
            versions: versions, announcer: announcer)
        let kept = box.state.withLock { shard -> ShortcutListCache in
            if let raced = shard.entries[account] { return raced.list }
            guard shard.changes == seen else { return list }
            if shard.entries.count >= capacityPerShard, let oldest = shard.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                shard.entries[oldest] = nil
            }
            shard.clock += 1
            shard.entries[account] = Entry(list: list, lastUse: shard.clock)
            return list
        }
        if kept === list {
            list.onChange { [weak self] list in
                self?.observers.withLock { $0 }.forEach { $0(account, list) }
            }
        }
        return kept
    }

    /// Applies a committed change to its account's cached list; a change this process did not
    /// see the details of (another instance's) drops the list, to be built again on next use.
    private func apply(_ change: ContactChange) {
        let list = shard(change.account).state.withLock { shard -> ShortcutListCache? in
            shard.changes += 1
            if change.before == nil && change.after == nil {
                shard.entries[change.account] = nil
                return nil
            }
            return shard.entries[change.account]?.list
        }
        list?.apply(change)
    }

    /// Drops `account`'s list (the account was deleted).
    func evict(_ account: AccountKey) {
        shard(account).state.withLock { shard in
            shard.changes += 1
            shard.entries[account] = nil
        }
    }

    /// Drops every list (changes may have been missed, see `AccountChange.everything`).
    func evictAll() {
        for box in shards {
            box.state.withLock { shard in
                shard.changes += 1
                shard.entries.removeAll()
            }
        }
    }

    private func shard(_ account: AccountKey) -> ShardBox {
        // Keys are sequential: the low bits spread them evenly.
        shards[Int(UInt64(bitPattern: account.rawValue) % UInt64(Self.shardCount))]
    }
}
