import Foundation
import Glibc
import HTTPServer
import QuickActions
import QuickActionsAPI
import Sharding
import StorageCore
import StorageSQLite

/// quickactiond's HTTP server and API, assembled in this process as `quickactiond serve`
/// assembles them with its defaults (two HTTP threads, the default limits and caches), over a
/// SQLite file in a temporary directory, on 127.0.0.1 and an ephemeral port. The handler is
/// wrapped to mark the server's threads (`ThreadMarkingHandler`); the log goes to /dev/null.
final class ServerUnderTest {
    /// Single-account mode (with a service token) or `--accounts` (with an admin token).
    enum Mode: Sendable {
        case singleAccount(token: String)
        case accounts(adminToken: String)
    }

    /// The server.
    let server: HTTPServer
    /// The store behind it.
    let store: any DataStore
    private let directory: URL
    private let log: Int32
    private let logger: RequestLogger

    /// Starts a server in `mode`, logging at `logLevel`.
    init(mode: Mode, logLevel: LogLevel) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quickactiond-perf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let log = open("/dev/null", O_WRONLY)
        var started = false
        defer {
            if !started {
                Glibc.close(log)
                try? FileManager.default.removeItem(at: directory)
            }
        }
        self.directory = directory
        self.log = log
        // The service's defaults (`ServiceConfiguration`).
        let threads = 2
        let maxConnections = 4096
        let cacheAccounts = 10_000
        let store = try SQLiteBackend().open(directory.appendingPathComponent("quickactions.sqlite").path)
        self.store = store
        var serviceToken: String?
        var adminToken: String?
        switch mode {
        case .singleAccount(let token):
            serviceToken = token
            try store.accounts.restoreDefaultAccount()
            _ = try store.contacts(of: .default).seedIfEmpty()
        case .accounts(let token):
            adminToken = token
        }
        let logger = RequestLogger(level: logLevel, descriptor: log)
        self.logger = logger
        let triggers = store.triggers(of: .default)
        let settings = CurrentSettings(ServiceSettings(shortcuts: ShortcutSetup(), serviceToken: serviceToken, adminToken: adminToken))
        let threadRows = ThreadRows(ownRows: threads)
        let metrics = Metrics(threadRows: threadRows)
        let accounts: AccountMode =
            adminToken == nil ? .single : .multi(tokenCacheCapacity: cacheAccounts * 10, maxContactsPerAccount: 10_000)
        let lists = try AccountShortcutLists(
            capacity: cacheAccounts, store: store, setup: settings.shortcuts, pinning: accounts.fixedAccount, threadRows: threadRows)
        let events = EventHub(log: triggers)
        let router = Router.api(
            Dependencies(
                store: store, mode: accounts, settings: settings, lists: lists, metrics: metrics, events: events, idempotencyTTLSeconds: 86_400,
                logger: logger))
        server = try HTTPServer(
            configuration: HTTPServerConfiguration(
                host: "127.0.0.1", port: 0, maxConnections: maxConnections,
                maxConnectionsPerOwner: accounts.fixedAccount != nil ? nil : max(maxConnections / 4, 2 * EventHub.defaultMaxStreamsPerAccount),
                threads: threads),
            handler: ThreadMarkingHandler(wrapped: APIHandler(router: router, logger: logger, metrics: metrics)),
            threadRows: threadRows)
        started = true
    }

    /// The port the server listens on.
    var port: Int { server.port }

    /// Stops the server, closes the store and removes its directory.
    func stop() {
        server.stop(grace: .seconds(2))
        try? store.close()
        logger.flush()
        Glibc.close(log)
        try? FileManager.default.removeItem(at: directory)
    }
}
