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
        let store = dependencies.store
        let lists = dependencies.lists
        let access = AccountAccess(
            mode: dependencies.mode, settings: settings, store: store, lists: lists, threadRows: dependencies.metrics.threadRows)
        if let board = dependencies.schedule { lists.follow(board) }
        wireStreams(lists, store: store, events: events)
        settings.onReplace { [weak lists] old, new in
            if new.shortcuts !== old.shortcuts { lists?.reconfigure(new.shortcuts) }
        }
        let storeGauges = StoreGauges(workers: dependencies.workers) { try Self.storeGauges(dependencies) }
        let system = SystemController(
            openAPIDocument: SharedBytes(Array(OpenAPIDocument.served(requiresToken: dependencies.requiresToken).utf8)),
            store: store.contacts(of: .default), metrics: dependencies.metrics, skippedRows: store.skippedRows,
            gauges: { try storeGauges.current() + memoryGauges(dependencies) })
        return Router(
            routes: Routes.all(
                contacts: ContactsController(logger: dependencies.logger, maxContactsPerAccount: dependencies.mode.maxContactsPerAccount),
                shortcuts: ShortcutsController(
                    settings: settings, order: lists.order, usageHalfLife: dependencies.usageHalfLife, schedule: dependencies.schedule,
                    changeFeed: store.changeFeed),
                triggers: TriggerController(
                    settings: settings, events: events, metrics: dependencies.metrics,
                    idempotencyTTLMilliseconds: dependencies.idempotencyTTLSeconds * 1000, usageHalfLife: dependencies.usageHalfLife,
                    schedule: dependencies.schedule, logger: dependencies.logger),
                events: EventsController(hub: events, changeFeed: store.changeFeed),
                accounts: AccountsController(store: store),
                system: system,
                scheduled: ScheduledItemsController(
                    board: dependencies.schedule, store: store, settings: settings, multiAccount: dependencies.mode.fixedAccount == nil)
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

    /// Wires the lists' and the store's changes to the `/events` streams: a list changed in
    /// memory is sent to its streams; a list changed while not held, while a stream of it is
    /// open, is read again for its streams (once for changes in quick succession); a replaced
    /// token or a deleted account ends its streams, and so does a gap in the store's notices.
    /// Triggers recorded by other processes on a shared store reach this process's streams, read
    /// from the log in id order with this process's own; after a gap, the streams' clients resume
    /// with Last-Event-ID, which replays the gap's triggers from the store.
    private static func wireStreams(_ lists: AccountShortcutLists, store: any DataStore, events: EventHub) {
        // The store is read here, off the HTTP threads and the reloading thread: on PostgreSQL a
        // read may wait on another client's lock.
        let rebuilds = DispatchQueue(label: "quickactiond.accounts.rebuild")
        let queued = Mutex<Set<AccountKey>>([])
        // Queues one read of `account`'s list for its streams, unless one is queued already.
        // (Weakly: the feeds belong to the store, which the lists hold, and the hub reaches the
        // store through its log.)
        @Sendable func rebuild(_ account: AccountKey) {
            guard queued.withLock({ $0.insert(account).inserted }) else { return }
            rebuilds.async { [weak lists, weak events] in
                // Cleared first: a change after this point queues the next read.
                queued.withLock { _ = $0.remove(account) }
                guard let lists, let events else { return }
                // Each list read now is newer than any its streams have (see `AccountShortcutLists.list`).
                if let list = try? lists.list(for: account) { publish(list, of: account, to: events) }
            }
        }
        lists.onChange { [weak events] change in
            guard let events else { return }
            switch change {
            case .changed(let list): publish(list, of: list.account, to: events)
            case .dropped(let account): if events.hasStreams(of: account) { rebuild(account) }
            case .all: events.accountsWithStreams.forEach(rebuild)
            }
        }
        store.remoteTriggers.observe { [weak events] account in
            if events?.hasStreams(of: account) == true { events?.deliverTriggersLater() }
        }
        store.accounts.accountChanges.observe { [weak events] change in
            if let key = change.key { events?.closeStreams(of: key) } else { events?.closeStreams() }
        }
        // A stream ends when this instance stops hearing the others (it would miss their
        // triggers); its client resumes after the `retry:` pause, elsewhere or here once the
        // feed is back (new streams are refused meanwhile).
        store.changeFeed?.observe { [weak events] live in
            if !live { events?.closeStreams() }
        }
    }

    /// The gauges `/metrics` reads from the store (see `StoreGauges`).
    private static func storeGauges(_ dependencies: Dependencies) throws -> [StoreGauges.Gauge] {
        var gauges: [StoreGauges.Gauge] = []
        if let account = dependencies.lists.pinned?.account {
            let counts = try dependencies.store.contacts(of: account).counts()
            gauges += [
                ("contacts", "Contacts stored.", Double(counts.contacts)),
                ("favorites", "Favorite contacts stored.", Double(counts.favorites)),
            ]
        } else {
            gauges.append(("accounts", "Accounts stored.", Double(try dependencies.store.accounts.accountCount())))
        }
        return gauges + retentionGauges(dependencies.store.triggers(of: .default))
    }

    /// The gauges `/metrics` reads from memory.
    private static func memoryGauges(_ dependencies: Dependencies) -> [StoreGauges.Gauge] {
        var gauges: [StoreGauges.Gauge] = []
        if let pinned = dependencies.lists.pinned {
            gauges.append(("shortcut_items", "Items in the current shortcut list.", Double(pinned.items.count)))
        } else {
            gauges.append(
                ("account_lists_cached", "Accounts' shortcut lists held in memory (at most --cache-accounts).", Double(dependencies.lists.count)))
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
