import Dispatch
import QuickActions
import StorageCore

extension AccountShortcutLists {
    /// Calls `observer` after each change of a list from now on: an in-place change from the
    /// lists' queue; a dropped list, or every list, on the thread that made the change.
    public func onChange(_ observer: @escaping @Sendable (ListChange) -> Void) {
        events.observe(observer)
    }

    /// Applies a committed change to its account's list: in place when the list is held (a
    /// change another process made drops it, or reads the pinned list again); a list not held is
    /// told as dropped. Under the shard's lock: a list read meanwhile is then not kept, and the
    /// account's validators go with any change of its list.
    func apply(_ change: ContactChange) {
        let account = change.account
        if let pinned, pinned.account == account {
            if change.isReread { rereadPinned() } else { pinned.apply(change) }
            return
        }
        guard change.usage != nil || Self.changesList(change) else { return }
        var dropped: AccountShortcutList?
        let held = shards.withLock(forHash: Self.hash(account)) { shard -> Bool in
            shard.changes += 1
            guard !change.isReread, let entry = shard.entries[account] else {
                shard.validators[account] = nil
                dropped = shard.remove(account)
                return false
            }
            if entry.list.apply(change) { shard.validators[account] = nil }
            return true
        }
        _ = dropped
        if !held { events.tell(.dropped(account)) }
    }

    /// Reads the pinned list's favorites again and replaces them, unless a later read began
    /// meanwhile (its favorites are newer). A read that fails (the database did not answer in
    /// time, or is unreachable) is tried again a second later, off the caller's thread, until
    /// one succeeds: the list is never left behind a change it was told of.
    private func rereadPinned() {
        guard let pinned else { return }
        let begun = rereadsBegun.add(1, ordering: .acquiringAndReleasing).newValue
        do throws(StorageError) {
            let favorites = try store.contacts(of: pinned.account).favorites()
            if rereadsBegun.load(ordering: .acquiring) == begun { pinned.replace(favorites: favorites) }
        } catch {
            guard !retryQueued.exchange(true, ordering: .acquiringAndReleasing) else { return }
            rereads.asyncAfter(deadline: .now() + .seconds(1)) { [weak self] in
                self?.retryQueued.store(false, ordering: .releasing)
                self?.rereadPinned()
            }
        }
    }

    /// Drops `account`'s list and validators (its list changed, or the account was deleted).
    func evict(_ account: AccountKey) {
        let dropped = shards.withLock(forHash: Self.hash(account)) { shard in
            shard.changes += 1
            shard.validators[account] = nil
            return shard.remove(account)
        }
        _ = dropped
    }

    /// Renders every list from `setup` from now on (a reload changed the static items or their
    /// translations): the pinned list makes a new version; every cached list and validator is
    /// dropped, as by a change of each account, so an account's next read renders it anew with
    /// a higher version.
    public func reconfigure(_ setup: ShortcutListConfiguration) {
        pinned?.reconfigure(setup)
        dropAll { $0.setup = setup }
        events.tell(.all)
    }

    /// Shows `board`'s scheduled items in every list from now on: a change of them replaces the
    /// pinned list's, and drops the lists of the other accounts it changes (every list, for an
    /// item of every account), as a change of their contacts does.
    public func follow(_ board: ScheduleBoard) {
        schedule.withLock { $0 = board }
        let pinned = pinned
        pinned?.replaceScheduled(board.showing(for: pinned?.account ?? .default))
        board.onChange { [weak self, weak board] change in
            guard let self, let board else { return }
            if let pinned, change.affects(pinned.account) { pinned.replaceScheduled(board.showing(for: pinned.account)) }
            if let accounts = change.accounts {
                for account in accounts where account != pinned?.account {
                    self.evict(account)
                    self.events.tell(.dropped(account))
                }
            } else {
                self.evictAll()
                self.events.tell(.all)
            }
        }
        evictAll()
    }

    /// Drops every cached list (changes may have been missed, see `AccountChange.everything`).
    func evictAll() {
        dropAll { _ in }
    }

    /// Drops every cached list and validator, after `change` (under each shard's lock).
    private func dropAll(_ change: (inout Shard) -> Void) {
        shards.forEach { shard in
            change(&shard)
            shard.changes += 1
            shard.entries.removeAll()
            shard.clock.removeAll()
            shard.validators.removeAll()
            shard.ghosts.removeAll()
            shard.ghostOrder.removeAll()
        }
    }
}
