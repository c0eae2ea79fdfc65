import Dispatch
import HTTPServer
import QuickActions
import Sharding
import StorageCore
import Synchronization

/// Every account's shortcut list (`AccountShortcutList`), in a cache bounded by `capacity`
/// lists (`--cache-accounts`), so memory does not grow with the number of accounts. A list is
/// read from the store and rendered on a miss; a change of a cached list's account is applied to
/// the list in place (its own order and representations follow, as the list says); when the
/// cache is full, a list not used since the clock hand last passed leaves (`ClockRing`).
///
/// One account's list may be pinned (single-account mode's `default`): read when the lists are
/// made, never evicted, found without a lock, and served from per-thread copies (see
/// `AccountShortcutList.versioned`). A change another process made to it is read again in
/// place (a cached list of another account is dropped instead, and read on next use).
///
/// The cache is split into shards (`Sharded`), each under a lock of its own. A list read while a
/// change of the same shard committed may miss that change, so it is served to the request that
/// read it (which began before the change was answered) but not kept.
///
/// Once a shard is full, a list read on a miss is kept only on its account's second miss among
/// the shard's last `capacity` misses (a ghost list of accounts, as 2Q keeps): an account asked
/// for once in a long while is served and not kept, instead of pushing out a list asked for more
/// often.
///
/// A list that leaves the cache leaves its validators behind (`ShortcutValidator`: each rendered
/// representation's ETag, about a hundred bytes against the list's kilobytes), for ten times as
/// many accounts as lists: a companion revalidating a list that is no longer cached gets its
/// 304 without the list being read and rendered again; a list that was not kept leaves them
/// once it is rendered. A change of the account's list drops them.
public final class AccountShortcutLists: Sendable {
    struct Entry {
        let list: AccountShortcutList
        /// Its slot on `Shard.clock`.
        let slot: Int
    }

    struct Shard {
        var entries: [AccountKey: Entry] = [:]
        /// The cached accounts, for eviction (the marks live there, not in `entries`: the hand
        /// reads and clears them without hashing).
        var clock: ClockRing<AccountKey>
        /// The validators of lists that left `entries` (and may be back), until a change of their account.
        var validators: [AccountKey: [ShortcutValidator]] = [:]
        /// Accounts in the order their validators were kept: the oldest leave first. An account
        /// dropped since by a change leaves a stale place; one kept again since has two, and
        /// leaves at the first: early, never too late.
        var validatorOrder: BoundedRing<AccountKey>
        /// Accounts whose list missed while the shard was full and was not kept, the last
        /// capacity of them (an account kept since leaves a stale place, and may leave the set
        /// early: never late).
        var ghosts: Set<AccountKey> = []
        var ghostOrder: BoundedRing<AccountKey>
        /// Moves on with every change of a list of this shard.
        var changes: UInt64 = 0
        /// What renders the lists read from now on (replaced by `reconfigure`, which also counts
        /// as a change of every list).
        var setup: ShortcutListConfiguration

        init(capacity: Int, validatorCapacity: Int, setup: ShortcutListConfiguration) {
            clock = ClockRing(capacity: capacity)
            validatorOrder = BoundedRing(capacity: validatorCapacity)
            ghostOrder = BoundedRing(capacity: capacity)
            self.setup = setup
        }

        /// Drops `account`'s list, if cached, and returns it (to be freed outside the lock).
        mutating func remove(_ account: AccountKey) -> AccountShortcutList? {
            guard let entry = entries.removeValue(forKey: account) else { return nil }
            clock.release(entry.slot)
            return entry.list
        }
    }

    /// Accounts whose validators are kept, per list kept.
    static let validatorsPerList = 10
    let shards: Sharded<Shard>
    let store: any DataStore
    let versions = ShortcutListVersions()
    /// The scheduled items every list shows (set by `follow`).
    let schedule = Mutex<ScheduleBoard?>(nil)
    /// How each list orders its favorites (`--dynamic-order`).
    public let order: DynamicOrder
    /// The list that never leaves (single-account mode's account), if one is pinned.
    public let pinned: AccountShortcutList?
    /// Where the lists' changes are told.
    let events = ListEvents()
    /// Where a failed read of the pinned list is tried again; the count of reads begun (only the
    /// latest one's favorites replace the list) and whether a retry is queued.
    let rereads = DispatchQueue(label: "quickactiond.shortcuts.reread")
    let rereadsBegun = Atomic<Int>(0)
    let retryQueued = Atomic<Bool>(false)

    /// A cache of at most `capacity` lists (at least one per shard) over `store`'s accounts,
    /// rendered from `setup` (until `reconfigure`), the favorites in `order`. `pinning`: the
    /// account whose list is read now and never leaves, copied per row of `threadRows`.
    public init(
        capacity: Int, store: any DataStore, setup: ShortcutListConfiguration, order: DynamicOrder = .default, pinning: AccountKey? = nil,
        threadRows: ThreadRows = .single
    ) throws(StorageError) {
        self.order = order
        shards = Sharded(capacity: capacity) { perShard in
            Shard(capacity: perShard, validatorCapacity: perShard * Self.validatorsPerList, setup: setup)
        }
        self.store = store
        if let pinning {
            // Read first, then followed: nothing writes before the server starts serving.
            pinned = AccountShortcutList(
                account: pinning, favorites: try store.contacts(of: pinning).favorites(), setup: setup, order: order, scheduled: [],
                versions: versions, events: events, threadRows: threadRows, owner: nil)
        } else {
            pinned = nil
        }
        // Weakly: the feeds belong to the store, which the lists hold.
        store.changes.observe { [weak self] change in self?.apply(change) }
        store.accounts.accountChanges.observe { [weak self] change in
            switch change {
            case .deleted(let key): self?.evict(key)
            case .everything: self?.evictAll()
            case .tokenReplaced: break
            }
        }
    }

    /// A cache over `builder`'s static items, rendered by `renderer`.
    public convenience init(capacity: Int, store: any DataStore, builder: ShortcutItemBuilder, renderer: ShortcutListRenderer) throws(StorageError) {
        try self.init(capacity: capacity, store: store, setup: ShortcutListConfiguration(builder: builder, renderer: renderer))
    }

    /// Whether `change` changes its account's list: a favorite before or after, or another
    /// instance's write (whose `before` is unknown). A pick's change (`usage`) changes it only
    /// when it moves a favorite (`AccountShortcutList.apply`).
    public static func changesList(_ change: ContactChange) -> Bool {
        change.isReread || change.changedElsewhere != nil || change.before?.favorite == true || change.after?.favorite == true
    }

    /// Lists held now (the pinned one not counted).
    public var count: Int {
        shards.reduce(0) { total, shard in total + shard.entries.count }
    }

    /// Whether `account`'s list is cached.
    func isCached(_ account: AccountKey) -> Bool {
        if account == pinned?.account { return true }
        return shards.withLock(forHash: Self.hash(account)) { $0.entries[account] != nil }
    }

    /// The validator of `account`'s representation `key`, when the account's list is not
    /// cached but its validators are (nil otherwise: the list, cached or read, answers).
    public func validator(for account: AccountKey, key: ShortcutRepresentationKey) -> ShortcutValidator? {
        if case .validator(let validator) = cached(account, key: key) { return validator }
        return nil
    }

    /// What is cached of `account`'s list, under one lock: the list (marked used), else the
    /// validator of its representation `key`.
    public func cached(_ account: AccountKey, key: ShortcutRepresentationKey) -> CachedShortcuts {
        if let pinned, pinned.account == account { return .list(pinned) }
        return shards.withLock(forHash: Self.hash(account)) { shard -> CachedShortcuts in
            if let entry = shard.entries[account] {
                shard.clock.touch(entry.slot)
                return .list(entry.list)
            }
            return shard.validators[account]?.first { $0.key == key }.map(CachedShortcuts.validator) ?? .none
        }
    }

    /// Validators held now (for tests).
    var validatorCount: Int {
        shards.reduce(0) { total, shard in total + shard.validators.count }
    }

    /// `account`'s list: the pinned or cached one, or one read from the store (and kept).
    public func list(for account: AccountKey) throws(StorageError) -> AccountShortcutList {
        if let pinned, pinned.account == account { return pinned }
        let hash = Self.hash(account)
        // On a miss, the setup is taken with the shard's change count, under one lock: a list
        // rendered before a `reconfigure` is older than any after it.
        let (cached, miss) = shards.withLock(forHash: hash) { shard -> (AccountShortcutList?, (seen: UInt64, setup: ShortcutListConfiguration)?) in
            guard let entry = shard.entries[account] else { return (nil, (shard.changes, shard.setup)) }
            shard.clock.touch(entry.slot)
            return (entry.list, nil)
        }
        if let cached { return cached }
        guard let (seen, setup) = miss else { preconditionFailure("a miss always has its setup") }
        // Read after `seen`: a schedule change since drops the list read here (see `follow`).
        let scheduled = schedule.withLock { $0 }?.showing(for: account) ?? []
        let list = AccountShortcutList(
            account: account, favorites: try store.contacts(of: account).favorites(), setup: setup, order: order, scheduled: scheduled,
            versions: versions, events: events, threadRows: nil, owner: self, seen: seen)
        // The list that leaves, freed after the lock is released.
        var evicted: AccountShortcutList?
        let kept = shards.withLock(forHash: hash) { shard -> AccountShortcutList in
            if let raced = shard.entries[account] { return raced.list }
            guard shard.changes == seen, admits(account, in: &shard) else { return list }
            let (slot, leaving) = shard.clock.admit(account)
            if let leaving, let entry = shard.entries.removeValue(forKey: leaving) {
                // The list the hand found unused since it last passed leaves its validators.
                keepValidators(of: entry.list, for: leaving, in: &shard)
                evicted = entry.list
            }
            // Validators kept meanwhile stay: no change came since (a change drops them), and
            // keeping them keeps the account's one place in their order.
            shard.entries[account] = Entry(list: list, slot: slot)
            return list
        }
        _ = evicted
        return kept
    }

    /// Whether a list read on a miss of `account` is kept: always while the shard has room;
    /// once it is full, when the account missed before among the shard's last `capacity`
    /// misses that were not kept (else it is remembered as such a miss).
    private func admits(_ account: AccountKey, in shard: inout Shard) -> Bool {
        if shard.clock.hasRoom { return true }
        if shard.ghosts.remove(account) != nil { return true }
        if let forgotten = shard.ghostOrder.push(account) { shard.ghosts.remove(forgotten) }
        shard.ghosts.insert(account)
        return false
    }

    /// Called when `list` renders its first representation: a list that was not kept leaves its
    /// validators, as one leaving the cache does, unless a change came since it was read (the
    /// validators would then be stale).
    func firstRendered(_ list: AccountShortcutList) {
        guard list !== pinned else { return }
        shards.withLock(forHash: Self.hash(list.account)) { shard in
            guard shard.changes == list.seen, shard.entries[list.account] == nil else { return }
            keepValidators(of: list, for: list.account, in: &shard)
        }
    }

    /// Keeps the validators of `list` (leaving the cache) as `account`'s, making room if needed.
    private func keepValidators(of list: AccountShortcutList, for account: AccountKey, in shard: inout Shard) {
        let validators = list.validators
        guard !validators.isEmpty else { return }
        if shard.validators[account] == nil, let oldest = shard.validatorOrder.push(account) {
            shard.validators[oldest] = nil
        }
        shard.validators[account] = validators
    }

    /// The hash that picks `account`'s shard: keys are sequential, so their low bits spread
    /// them evenly.
    static func hash(_ account: AccountKey) -> UInt64 {
        UInt64(bitPattern: account.rawValue)
    }
}
