import Dispatch
import HTTPServer
import Sharding
import StorageCore
import Synchronization

extension Router {
    /// The whole API over `dependencies` (the routes are listed in `Routes`); also wires the
    /// stores' changes to the shortcut lists and the `/events` streams.
    public static func api(_ dependencies: Dependencies) -> Router {
        let events = dependencies.events
        let settings = dependencies.settings
        let access: any AccessPolicy
        if let accounts = dependencies.accounts {
            access = MultiAccountAccess(
                settings: settings, store: accounts.store, lists: accounts.lists, cacheCapacity: accounts.tokenCacheCapacity,
                threadRows: dependencies.metrics.threadRows)
            if let board = dependencies.schedule { accounts.lists.follow(board) }
            wireAccounts(accounts, events: events, settings: settings, schedule: dependencies.schedule)
        } else {
            let cache = dependencies.cache
            let scope = AccountScope(
                key: .default, source: SingleAccountSource(contacts: dependencies.repository, triggers: dependencies.triggers, list: cache))
            access = SingleAccountAccess(settings: settings, scope: scope)
            cache.onChange { cache in publish(cache, of: .default, to: events) }
            if let board = dependencies.schedule {
                cache.replaceScheduled(board.showing(for: .default))
                board.onChange { [weak cache, weak board] change in
                    guard let cache, let board, change.affects(.default) else { return }
                    cache.replaceScheduled(board.showing(for: .default))
                }
            }
            // A new setup is a new version of the list, announced to the streams as any change.
            settings.onReplace { old, new in
                if new.shortcuts !== old.shortcuts { cache.reconfigure(new.shortcuts) }
            }
        }
        // Triggers recorded by other processes on a shared store reach this process's streams,
        // read from the log in id order with this process's own; after a gap in the store's
        // notices, the streams end and their clients resume with Last-Event-ID, which replays
        // the gap's triggers from the store.
        // (Weakly: the hub reaches the store through its log, and the feeds belong to the store.)
        dependencies.store?.remoteTriggers.observe { [weak events] account in
            if events?.hasStreams(of: account) == true { events?.deliverTriggersLater() }
        }
        dependencies.store?.accounts.accountChanges.observe { [weak events] change in
            if change == .everything { events?.closeStreams() }
        }
        // A stream ends when this instance stops hearing the others (it would miss their
        // triggers); its client resumes after the `retry:` pause, elsewhere or here once the
        // feed is back (new streams are refused meanwhile).
        dependencies.store?.changeFeed?.observe { [weak events] live in
            if !live { events?.closeStreams() }
        }
        let storeGauges = StoreGauges(workers: dependencies.workers) { try Self.storeGauges(dependencies) }
        let system = SystemController(
            openAPIDocument: SharedBytes(Array(OpenAPIDocument.served(requiresToken: dependencies.requiresToken).utf8)),
            store: dependencies.repository, metrics: dependencies.metrics, skippedRows: dependencies.store?.skippedRows,
            gauges: { try storeGauges.current() + memoryGauges(dependencies) })
        return Router(
            routes: Routes.all(
                contacts: ContactsController(logger: dependencies.logger, maxContactsPerAccount: dependencies.accounts?.maxContactsPerAccount),
                shortcuts: ShortcutsController(
                    settings: settings, order: dependencies.cache.order, usageHalfLife: dependencies.usageHalfLife,
                    schedule: dependencies.schedule, changeFeed: dependencies.store?.changeFeed),
                triggers: TriggerController(
                    settings: settings, events: events, metrics: dependencies.metrics,
                    idempotencyTTLMilliseconds: dependencies.idempotencyTTLSeconds * 1000, usageHalfLife: dependencies.usageHalfLife,
                    schedule: dependencies.schedule, logger: dependencies.logger),
                events: EventsController(hub: events, changeFeed: dependencies.store?.changeFeed),
                accounts: AccountsController(store: dependencies.accounts?.store),
                system: system,
                scheduled: ScheduledItemsController(
                    board: dependencies.schedule, store: dependencies.store, settings: settings, multiAccount: dependencies.accounts != nil)
            ).map { $0.counted(in: dependencies.metrics.threadRows) },
            access: access)
    }

    /// Sends `account`'s new list to its streams. Rendering a long list costs milliseconds: not
    /// for nobody. (A stream that subscribes after this check reads the list as it is then:
    /// see `EventHub.subscribe`.)
    private static func publish(_ list: any RenderedShortcutList, of account: AccountKey, to events: EventHub) {
        guard events.hasStreams(of: account) else { return }
        let current = list.versioned(ShortcutRepresentationKey(format: .json, language: nil, visibleOnly: false))
        events.publishShortcuts(account: account, version: current.version, data: current.representation.body.array)
    }

    /// Multi-account mode: a change of an account's list, while a stream of it is open, reads
    /// the list again for its streams (once for changes in quick succession); a replaced token
    /// or a deleted account ends its streams; a new shortcut setup drops every list, and reads
    /// again the list of each account with an open stream, for its streams.
    private static func wireAccounts(
        _ accounts: Dependencies.AccountsMode, events: EventHub, settings: CurrentSettings, schedule: ScheduleBoard?
    ) {
        let lists = accounts.lists
        // The store is read here, off the HTTP threads and the reloading thread: on PostgreSQL a
        // read may wait on another client's lock.
        let rebuilds = DispatchQueue(label: "quickactiond.accounts.rebuild")
        let queued = Mutex<Set<AccountKey>>([])
        // Queues one read of `account`'s list for its streams, unless one is queued already.
        @Sendable func rebuild(_ account: AccountKey, _ lists: AccountShortcutLists, _ events: EventHub) {
            guard queued.withLock({ $0.insert(account).inserted }) else { return }
            rebuilds.async {
                // Cleared first: a change after this point queues the next read.
                queued.withLock { _ = $0.remove(account) }
                if let list = try? lists.list(for: account) { publish(list, of: account, to: events) }
            }
        }
        // Weakly: the feed belongs to the store, which the lists hold. The lists' own observer
        // came first, so the changed list has left the cache when this one runs.
        accounts.store.changes.observe { [weak lists, weak events] change in
            guard let lists, let events, events.hasStreams(of: change.account) else { return }
            // A pick that moved a favorite dropped the cached list (`AccountShortcutLists.apply`).
            guard AccountShortcutLists.changesList(change) || (change.usage != nil && !lists.isCached(change.account)) else { return }
            rebuild(change.account, lists, events)
        }
        // A change of the scheduled items dropped the lists it changes (`AccountShortcutLists.follow`,
        // whose observer came first): the streams of those accounts get their new lists.
        schedule?.onChange { [weak lists, weak events] change in
            guard let lists, let events else { return }
            for account in events.accountsWithStreams where change.affects(account) { rebuild(account, lists, events) }
        }
        accounts.store.accounts.accountChanges.observe { [weak events] change in
            // `everything` is handled in `api`, in both modes.
            if let key = change.key { events?.closeStreams(of: key) }
        }
        settings.onReplace { [weak lists, weak events] old, new in
            guard new.shortcuts !== old.shortcuts, let lists, let events else { return }
            lists.reconfigure(new.shortcuts)
            // Each list read after this is newer than any its streams have (see
            // `AccountShortcutLists.list`), and a read already queued runs after it.
            for account in events.accountsWithStreams { rebuild(account, lists, events) }
        }
    }

    /// The gauges `/metrics` reads from the store (see `StoreGauges`).
    private static func storeGauges(_ dependencies: Dependencies) throws -> [StoreGauges.Gauge] {
        var gauges: [StoreGauges.Gauge] = []
        if let accounts = dependencies.accounts {
            gauges.append(("accounts", "Accounts stored.", Double(try accounts.store.accounts.accountCount())))
        } else {
            let counts = try dependencies.repository.counts()
            gauges += [
                ("contacts", "Contacts stored.", Double(counts.contacts)),
                ("favorites", "Favorite contacts stored.", Double(counts.favorites)),
            ]
        }
        return gauges + retentionGauges(dependencies.triggers)
    }

    /// The gauges `/metrics` reads from memory.
    private static func memoryGauges(_ dependencies: Dependencies) -> [StoreGauges.Gauge] {
        var gauges: [StoreGauges.Gauge] = []
        if let accounts = dependencies.accounts {
            gauges.append(
                ("account_lists_cached", "Accounts' shortcut lists held in memory (at most --cache-accounts).", Double(accounts.lists.count)))
        } else {
            gauges.append(("shortcut_items", "Items in the current shortcut list.", Double(dependencies.cache.items.count)))
        }
        gauges.append(("event_streams", "Open /events streams.", Double(dependencies.events.openStreams)))
        return gauges
    }

    /// The stored answers and triggers, which the retention purge keeps in bounds; none when
    /// the store cannot count (the scrape still answers).
    private static func retentionGauges(_ triggers: any TriggerStore) -> [(name: String, help: String, value: Double)] {
        guard let stored = try? triggers.storedCounts() else { return [] }
        let disabled = (try? triggers.disabledCount()).map {
            [("quickactiond_disabled_items", "Disabled items stored (those past --disabled-retention until the next purge).", Double($0))]
        }
        return (disabled ?? []) + [
            ("quickactiond_idempotency_keys", "Idempotency-Key answers stored (expired ones until the next purge).", Double(stored.answers)),
            ("quickactiond_triggers_stored", "Triggers stored (those past --trigger-retention until the next purge).", Double(stored.triggers)),
        ]
    }
}
