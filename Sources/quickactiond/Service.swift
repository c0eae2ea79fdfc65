import Foundation
import HTTPServer
import QuickActions
import QuickActionsAPI
import Sharding
import StorageCore
import StoragePostgreSQL
import StorageSQLite
import Synchronization

/// A running quickactiond: the store, the shortcut lists, the router and the HTTP server.
final class Service: Sendable {
    let server: HTTPServer
    let events: EventHub
    let purger: RetentionPurger
    /// The settings from the operator's files, which `reload` replaces.
    let settings: CurrentConfiguration
    private let store: any DataStore
    private let configuration: ServiceConfiguration
    /// What the files held at the last load that succeeded: a reload puts in force what differs.
    private let loaded: Mutex<OperatorFiles>
    /// Where requests that need the store run, when its reads may wait (PostgreSQL).
    private let workers: StoreWorkers?
    /// The scheduled items the lists show, moved on at each edge of their windows.
    private let schedule: ScheduleBoard

    /// The stores this binary can open, tried in order on the `--db` location (an open list:
    /// a backend adds itself here). `log` hears what a store tells the operator.
    static func backends(_ configuration: ServiceConfiguration, log: StorageLog = .discard) -> [any DataStoreBackend] {
        let limits = StoreLimits(maxDisabledItems: configuration.maxDisabledItems)
        return [
            InMemoryBackend(limits: limits),
            PostgreSQLBackend(poolSize: configuration.databasePool, timeouts: configuration.databaseTimeouts, log: log, limits: limits),
            SQLiteBackend(log: log, limits: limits),
        ]
    }

    /// Opens the store, builds the API and starts listening. Throws with a message for the operator.
    init(configuration: ServiceConfiguration, logger: RequestLogger) throws {
        let files = try OperatorFiles.load(configuration)
        let store = try Self.openStore(configuration, log: Self.storageLog(logger))
        let halfLife = UsageHalfLife(milliseconds: Int64(configuration.usageHalfLifeSeconds) * 1000) ?? .default
        Self.log(try store.adoptUsageHalfLife(halfLife, at: Timestamp.now()), halfLife: halfLife, logger: logger)
        // A store whose reads may wait on another client's lock is read off the HTTP threads: as
        // many workers as reader connections, and as many again to wait for commits.
        let workers = store.readsMayWait ? StoreWorkers(threads: 2 * configuration.databasePool) : nil
        let triggers = store.triggers(of: .default)
        let settings = CurrentConfiguration(
            ReloadableConfiguration(shortcuts: Self.setup(files, configuration), serviceToken: files.token, adminToken: files.adminToken))
        // A row per HTTP thread for everything the threads count or copy (see `PerThreadReplica`).
        let threadRows = ThreadRows(ownRows: configuration.threads)
        let metrics = Metrics(threadRows: threadRows)
        Self.logShortcutFindings(files, path: configuration.shortcutsPath ?? "", logger: logger)
        let mode = Self.mode(configuration)
        let lists = try AccountShortcutLists(
            capacity: configuration.cacheAccounts, store: store, setup: settings.shortcuts, order: configuration.dynamicOrder,
            pinning: mode.fixedAccount, threadRows: threadRows)
        // Event ids come from the trigger store, so they survive restarts (Last-Event-ID).
        let events = EventHub(maxStreamsPerAccount: configuration.maxStreamsPerAccount, log: triggers)
        // Expired answers and old triggers go in the background, first at once (a backlog from
        // an earlier run), then every min(TTL / 2, retention / 2, 60 s).
        purger = Self.purger(triggers, configuration, logger: logger)
        var dependencies = Dependencies(
            store: store, mode: mode, settings: settings, lists: lists, metrics: metrics, events: events,
            idempotencyTTLSeconds: Int64(configuration.idempotencyTTLSeconds), logger: logger, workers: workers)
        dependencies.usageHalfLife = halfLife
        // One timer per server, on the wall clock: the lists change at each window's edge.
        let schedule = try ScheduleBoard(
            items: store.scheduledItems, accounts: configuration.accounts ? store.accounts : nil, clock: DispatchEdgeClock(),
            staleWindow: .seconds(configuration.staleWindowSeconds), retention: .seconds(configuration.disabledRetentionSeconds))
        dependencies.schedule = schedule
        self.schedule = schedule
        Self.hideScheduledItems(takenBy: settings.shortcuts, schedule: schedule, path: configuration.shortcutsPath, logger: logger)
        let router = Router.api(dependencies)
        self.events = events
        self.store = store
        self.settings = settings
        self.configuration = configuration
        loaded = Mutex(files)
        self.workers = workers
        server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                host: configuration.host, port: configuration.port, maxBodyBytes: configuration.maxBodyBytes,
                maxHeaderBytes: configuration.maxHeaderBytes, maxConnections: configuration.maxConnections,
                // The share keeps room for the other accounts: single-account mode has none.
                maxConnectionsPerOwner: configuration.accounts ? configuration.connectionShare : nil,
                idleTimeoutSeconds: configuration.idleTimeoutSeconds, threads: configuration.threads),
            handler: APIHandler(
                router: router, logger: logger, limiter: configuration.rateLimit.map { RateLimiter(limit: $0) }, metrics: metrics,
                workers: workers, requestTimeout: configuration.databaseRequestTimeout),
            threadRows: threadRows)
        events.start()
        purger.start()
    }

    /// The account mode the flags ask for: multi-account with `--accounts`.
    static func mode(_ configuration: ServiceConfiguration) -> AccountMode {
        // A token digest costs ~100 bytes against a list's few KB: ten times as many are kept,
        // so an account whose list left the cache still needs no token lookup.
        configuration.accounts
            ? .multi(tokenCacheCapacity: configuration.cacheAccounts * 10, maxContactsPerAccount: configuration.maxContactsPerAccount)
            : .single
    }

    /// The shortcut setup `files` and the flags describe. The fallback language and the
    /// Content-Language of the untranslated list: the Info.plist's development region.
    static func setup(_ files: OperatorFiles, _ configuration: ServiceConfiguration) -> ShortcutListConfiguration {
        let renderer = ShortcutListRenderer(
            catalog: files.catalog, appName: configuration.appName ?? files.shortcuts.appName,
            baseLanguage: files.shortcuts.developmentRegion ?? BuildSettings.defaults["DEVELOPMENT_LANGUAGE"] ?? "en",
            configurationWarnings: files.shortcuts.warnings, platforms: files.platforms, androidMaxShortcuts: configuration.androidMaxShortcuts)
        return ShortcutListConfiguration(builder: ShortcutItemBuilder(staticItems: files.shortcuts.staticItems), renderer: renderer)
    }

    /// Reads the operator's files again (SIGHUP) and returns what puts what changed in force,
    /// all at once: new static items or translations are a new version of every list, sent to
    /// the open `/events` streams; a replaced token stops working and the new one works from
    /// then on. Everything is read and checked first: when a file fails, or its static items take
    /// a type a scheduled item has, nothing changes, and the log says which file and why. Files
    /// that hold what they held are no new version. The read may block (a file that never
    /// answers); what it returns does not (see `ReloadRunner`).
    func readForReload(logger: RequestLogger) -> @Sendable () -> Void {
        let files: OperatorFiles
        do {
            files = try OperatorFiles.load(configuration)
        } catch {
            return { Self.logReloadFailure(error, file: OperatorFiles.file(of: error), logger: logger) }
        }
        return { [self] in apply(files, logger: logger) }
    }

    private func apply(_ files: OperatorFiles, logger: RequestLogger) {
        let old = loaded.withLock { $0 }
        let changed = files.changes(from: old)
        guard !changed.isEmpty else {
            logger.log(.info, "reloaded: nothing changed", ["signal": .string("SIGHUP")])
            return
        }
        // Held from the check to the replacement: no scheduled item takes a new static type between.
        let refusal = settings.claimingTypes { () -> StartupError? in
            let current = settings.current
            let taken = Self.typesTaken(by: files, from: current.shortcuts.builder.staticItems.map(\.type), schedule: schedule)
            if let (type, item) = taken.first {
                return StartupError(
                    "\(configuration.shortcutsPath ?? "--shortcuts"): static item type '\(type)' is the type of the scheduled item "
                        + "'\(item)'; delete that scheduled item first (DELETE /scheduled-items/\(item)) or give the static item another type",
                    file: configuration.shortcutsPath)
            }
            loaded.withLock { $0 = files }
            let shortcuts = files.changesShortcuts(from: old) ? Self.setup(files, configuration) : current.shortcuts
            if shortcuts !== current.shortcuts { Self.logShortcutFindings(files, path: configuration.shortcutsPath ?? "", logger: logger) }
            settings.replace(with: ReloadableConfiguration(shortcuts: shortcuts, serviceToken: files.token, adminToken: files.adminToken))
            schedule.hideItems(ofTypes: Set(shortcuts.builder.staticItems.map(\.type)))
            return nil
        }
        if let refusal {
            Self.logReloadFailure(refusal, file: refusal.file, logger: logger)
            return
        }
        logger.log(.info, "reloaded", ["signal": .string("SIGHUP"), "changed": .array(changed.map(JSONValue.string))])
    }

    /// The static types of `files` that are not among `staticTypes` (those in force) and that a
    /// scheduled item not deleted has, each with that item's id: a reload may not add them, as
    /// creating a scheduled item may not take a static type.
    static func typesTaken(by files: OperatorFiles, from staticTypes: [String], schedule: ScheduleBoard) -> [(type: String, item: String)] {
        let scheduled = schedule.timeline.items
        return files.shortcuts.staticItems.map(\.type).filter { !staticTypes.contains($0) }.compactMap { type in
            scheduled.first { $0.type == type }.map { (type, $0.id) }
        }
    }

    private static func logReloadFailure(_ error: any Error, file: String?, logger: RequestLogger) {
        var fields: [String: JSONValue] = ["signal": .string("SIGHUP"), "error": .string(String(describing: error))]
        if let file { fields["file"] = .string(file) }
        logger.log(.error, "reload failed: the configuration in force is kept", fields)
    }

    /// Leaves out of the lists the scheduled items whose type a static item has (stored before
    /// the static item took it, by another version of the files), each logged with its id: the
    /// service starts, the static item is listed, and the operator deletes the scheduled item or
    /// renames the static one. (A reload refuses to add such a type; creating one is a 422.)
    static func hideScheduledItems(takenBy setup: ShortcutListConfiguration, schedule: ScheduleBoard, path: String?, logger: RequestLogger) {
        let types = Set(setup.builder.staticItems.map(\.type))
        for item in schedule.timeline.items where types.contains(item.type) {
            logger.log(
                .warning, "scheduled item not listed: a static item has its type",
                ["id": .string(item.id), "type": .string(item.type), "file": .string(path ?? "--shortcuts")])
        }
        schedule.hideItems(ofTypes: types)
    }

    /// The retention purger for `configuration`'s --idempotency-ttl, --trigger-retention and --disabled-retention.
    static func purger(_ triggers: any TriggerStore, _ configuration: ServiceConfiguration, logger: RequestLogger) -> RetentionPurger {
        let policy = RetentionPurger.Policy(
            answerTTLMilliseconds: Int64(configuration.idempotencyTTLSeconds) * 1000,
            triggerRetentionMilliseconds: configuration.triggerRetentionSeconds == 0 ? nil : Int64(configuration.triggerRetentionSeconds) * 1000,
            disabledRetentionMilliseconds: Int64(configuration.disabledRetentionSeconds) * 1000)
        return RetentionPurger(
            store: triggers, policy: policy,
            report: { outcome in
                switch outcome {
                case .success(let purged) where purged.answers > 0 || purged.triggers > 0 || purged.disabled > 0:
                    logger.log(
                        .debug, "purged",
                        [
                            "idempotency_keys": .integer(Int64(purged.answers)), "triggers": .integer(Int64(purged.triggers)),
                            "disabled_items": .integer(Int64(purged.disabled)),
                        ])
                case .success:
                    break
                case .failure(let error):
                    logger.log(.error, "retention purge failed", ["error": .string(error.description)])
                }
            })
    }

    /// Stops serving: in-flight requests finish (bounded), then the store is closed.
    func stop(logger: RequestLogger) {
        events.closeAll()
        server.stop(grace: .seconds(10))
        workers?.stop()
        purger.stop()
        schedule.stop()
        do {
            try store.close()
        } catch {
            logger.log(.warning, "WAL checkpoint failed", ["error": .string(String(describing: error))])
        }
    }

    /// The token from --token, --token-file or the environment; refuses an exposed host without one.
    static func resolveToken(_ configuration: ServiceConfiguration) throws -> String? {
        var token = configuration.token
        if let path = configuration.tokenFile {
            token = try readTokenFile(path, kind: "token file", withoutToken: "leave --token-file out")
        }
        if token == nil && !configuration.allowUnauthenticated && !isLoopback(configuration.host) {
            throw StartupError(
                "refusing to listen on \(configuration.host) without a token: contacts are personal data. "
                    + "Set QUICKACTIOND_TOKEN, --token or --token-file, or pass --allow-unauthenticated to accept the risk.")
        }
        return token
    }

    /// Multi-account mode's admin token, from --admin-token, --admin-token-file or the
    /// environment; nil in single-account mode. `--accounts` without one refuses to start.
    static func resolveAdminToken(_ configuration: ServiceConfiguration) throws -> String? {
        guard configuration.accounts else { return nil }
        var token = configuration.adminToken
        if let path = configuration.adminTokenFile {
            token = try readTokenFile(path, kind: "admin token file", withoutToken: "leave out --accounts and --admin-token-file")
        }
        guard let token else {
            throw StartupError(
                "--accounts needs an admin token to manage the accounts: set QUICKACTIOND_ADMIN_TOKEN, --admin-token or --admin-token-file")
        }
        return token
    }

    /// The token in the file at `path` (its `kind` names it in messages), surrounding white
    /// space trimmed; refused as `TokenRequirement` says, and when the file cannot be read.
    static func readTokenFile(_ path: String, kind: String, withoutToken: String) throws -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            throw StartupError("the \(kind) '\(path)' \(error.reason)", file: path)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StartupError("the \(kind) '\(path)' is not UTF-8 text", file: path)
        }
        let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = TokenRequirement.problem(with: token, from: "the \(kind) '\(path)'", withoutToken: withoutToken) {
            throw StartupError(problem, file: path)
        }
        return token
    }

    /// Whether `host` can only be reached from this machine.
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// Logs what iOS would read differently from the files (unexpanded build settings, empty
    /// values) and the translation files that were skipped: the service still starts.
    static func logShortcutFindings(_ files: OperatorFiles, path: String, logger: RequestLogger) {
        for warning in files.shortcuts.warnings {
            var fields: [String: JSONValue] = ["rule": .string(warning.rule), "file": .string(path)]
            if let index = warning.index { fields["index"] = .integer(Int64(index)) }
            logger.log(.warning, warning.message, fields)
        }
        for file in files.catalog?.skippedFiles ?? [] {
            logger.log(.warning, "translation file skipped: \(file.reason)", ["path": .string(file.path)])
        }
    }

    /// Says when the stored usage keys were rescaled to a new `--usage-half-life`.
    private static func log(_ adoption: UsageHalfLifeAdoption, halfLife: UsageHalfLife, logger: RequestLogger) {
        guard case .rescaled(let previous, let keys) = adoption else { return }
        logger.log(
            .info, "usage keys rescaled to the new half-life: every favorite keeps its score",
            ["from": .string(previous.description), "to": .string(halfLife.description), "keys": .integer(Int64(keys))])
    }

    /// The service's logger as the stores' log.
    static func storageLog(_ logger: RequestLogger) -> StorageLog {
        StorageLog { level, message, fields in
            let level: LogLevel =
                switch level {
                case .debug: .debug
                case .info: .info
                case .warning: .warning
                case .error: .error
                }
            guard logger.isEnabled(level) else { return }
            logger.log(level, message, fields.mapValues(JSONValue.string))
        }
    }

    /// The store at the `--db` location (`--store memory` keeps it in memory), migrated, and
    /// in single-account mode seeded with the demo contacts when this start created it. A
    /// location no backend takes (a URL of another scheme) stops start-up, naming only its
    /// scheme (the rest may hold a password).
    private static func openStore(_ configuration: ServiceConfiguration, log: StorageLog) throws -> any DataStore {
        let location = configuration.store == .memory ? "memory:" : configuration.databasePath
        guard let backend = backends(configuration, log: log).first(where: { $0.accepts(location) }) else {
            let scheme = location.range(of: "://").map { "'" + location[..<$0.lowerBound] + "://…'" } ?? "the --db value"
            throw StartupError(
                "\(scheme) is not a supported database location: give a SQLite file path, memory:, a postgres:// or postgresql:// URL, "
                    + "or a libpq keyword string")
        }
        // Only a database this start creates is seeded: one emptied by its users stays empty.
        let isNewFile = backend is SQLiteBackend && ((try? FileManager.default.attributesOfItem(atPath: location)[.size] as? Int) ?? 0) == 0
        let store = try backend.open(location)
        // Single-account mode writes as the account `default`, which --accounts may have deleted.
        if !configuration.accounts { try store.accounts.restoreDefaultAccount() }
        if configuration.seed && !configuration.accounts && (isNewFile || backend is InMemoryBackend) {
            try store.contacts(of: .default).seedIfEmpty()
        }
        return store
    }
}
