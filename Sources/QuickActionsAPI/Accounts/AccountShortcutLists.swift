import Dispatch
import HTTPServer
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
///
/// A list that leaves the cache leaves its validators behind (`ShortcutValidator`: each rendered
/// representation's ETag, about a hundred bytes against the list's kilobytes), for ten times as
/// many accounts as lists: a
/// companion revalidating a list that is no longer cached gets its 304 without the list being
/// read and rendered again. A change of the account drops them, as it changes a cached list.
public final class AccountShortcutLists: Sendable {
    private struct Entry {
        let list: ShortcutListCache
        var lastUse: UInt64
    }

    private struct Shard {
        var entries: [AccountKey: Entry] = [:]
        /// The validators of lists that left `entries` (and may be back), until a change of their account.
        var validators: [AccountKey: [ShortcutValidator]] = [:]
        /// Accounts in the order their validators were kept, as a ring (grown up to capacity):
        /// the next to leave is at `nextValidator`.
        var validatorRing: [AccountKey] = []
        var nextValidator = 0
        /// Moves on with every change reported for an account of this shard.
        var changes: UInt64 = 0
        var clock: UInt64 = 0
    }

    private final class ShardBox: Sendable {
        let state = Mutex(Shard())
    }

    private static let shardCount = 16
    /// Accounts whose validators are kept, per list kept.
    static let validatorsPerList = 10
    private let shards: [ShardBox]
    private let capacityPerShard: Int
    private let validatorCapacityPerShard: Int
    private let store: any DataStore
    private let builder: ShortcutItemBuilder
    private let renderer: ShortcutListRenderer
    private let versions = ShortcutListVersions()
    /// Where every list tells its observers of changes.
    private let announcer = DispatchQueue(label: "quickactiond.accounts.announce")
    private let observers = Mutex<[@Sendable (AccountKey, ShortcutListCache) -> Void]>([])
    /// `ShortcutValidator.template` by language (a handful: the catalog's).
    private let templates = Mutex<[String?: PreparedResponse]>([:])

    /// A cache of at most `capacity` lists (at least one per shard) over `store`'s accounts.
    public init(capacity: Int, store: any DataStore, builder: ShortcutItemBuilder, renderer: ShortcutListRenderer) {
        shards = (0..<Self.shardCount).map { _ in ShardBox() }
        capacityPerShard = max(1, (capacity + Self.shardCount - 1) / Self.shardCount)
        validatorCapacityPerShard = capacityPerShard * Self.validatorsPerList
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

    /// The validator of `account`'s representation `key`, when the account's list is not
    /// cached but its validators are (nil otherwise: the list, cached or built, answers).
    public func validator(for account: AccountKey, key: ShortcutRepresentationKey) -> ShortcutValidator? {
        shard(account).state.withLock { shard in
            guard shard.entries[account] == nil else { return nil }
            return shard.validators[account]?.first { $0.key == key }
        }
    }

    /// Validators held now (for tests).
    var validatorCount: Int {
        shards.reduce(0) { total, shard in total + shard.state.withLock { $0.validators.count } }
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
            if shard.entries.count >= capacityPerShard, let oldest = shard.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                shard.entries[oldest.key] = nil
                keepValidators(of: oldest.value.list, for: oldest.key, in: &shard)
            }
            shard.clock += 1
            // Validators kept meanwhile stay: no change came since (a change drops them), and
            // keeping them keeps the account's one place in the ring.
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

    /// The 304 header fields but the ETag in `language`, made once per language.
    private func template(language: String?) -> PreparedResponse {
        templates.withLock { templates in
            if let made = templates[language] { return made }
            let made = ShortcutValidator.template(language: language)
            templates[language] = made
            return made
        }
    }

    /// Keeps the validators of `list` (leaving the cache) as `account`'s, making room if needed.
    private func keepValidators(of list: ShortcutListCache, for account: AccountKey, in shard: inout Shard) {
        let validators = list.rendered.map { entry in
            ShortcutValidator(key: entry.key, etag: entry.representation.etag, template: template(language: entry.representation.language))
        }
        guard !validators.isEmpty else { return }
        if shard.validators[account] == nil {
            // The oldest leaves (an account dropped since by a change leaves a stale slot; one
            // kept again since has two, and leaves at the first: early, never too late).
            if shard.validatorRing.count < validatorCapacityPerShard {
                shard.validatorRing.append(account)
            } else {
                shard.validators[shard.validatorRing[shard.nextValidator]] = nil
                shard.validatorRing[shard.nextValidator] = account
                shard.nextValidator = (shard.nextValidator + 1) % shard.validatorRing.count
            }
        }
        shard.validators[account] = validators
    }

    /// Applies a committed change to its account's cached list, and drops its validators; a
    /// change this process did not see the details of (another instance's) drops the list, to be
    /// built again on next use. Under the shard's lock: a list leaving the cache meanwhile must
    /// leave the validators of its changed state, never of the state before.
    private func apply(_ change: ContactChange) {
        shard(change.account).state.withLock { shard in
            shard.changes += 1
            shard.validators[change.account] = nil
            if change.before == nil && change.after == nil {
                shard.entries[change.account] = nil
            } else {
                shard.entries[change.account]?.list.apply(change)
            }
        }
    }

    /// Drops `account`'s list (the account was deleted).
    func evict(_ account: AccountKey) {
        shard(account).state.withLock { shard in
            shard.changes += 1
            shard.entries[account] = nil
            shard.validators[account] = nil
        }
    }

    /// Drops every list (changes may have been missed, see `AccountChange.everything`).
    func evictAll() {
        for box in shards {
            box.state.withLock { shard in
                shard.changes += 1
                shard.entries.removeAll()
                shard.validators.removeAll()
            }
        }
    }

    private func shard(_ account: AccountKey) -> ShardBox {
        // Keys are sequential: the low bits spread them evenly.
        shards[Int(UInt64(bitPattern: account.rawValue) % UInt64(Self.shardCount))]
    }
}
