import Foundation
import HTTPServer
import QuickActions
import QuickActionsAPI
import StorageCore
import StoragePostgreSQL

/// Everything the command line and environment decide.
public struct ServiceConfiguration: Sendable, Equatable {
    /// Address to bind.
    public var host = "127.0.0.1"
    /// Port to bind (0: ephemeral).
    public var port = 8080
    /// SQLite database path, or nil with `--store memory`.
    public var databasePath = "quickactions.sqlite"
    /// Where contacts live.
    public var store = Store.sqlite
    /// Reader connections per instance when `--db` is a PostgreSQL database (`--db-pool`).
    public var databasePool = PostgreSQLBackend.defaultPoolSize
    /// The limits of every PostgreSQL statement and lock wait (`--db-statement-timeout`, `--db-lock-timeout`).
    public var databaseTimeouts = PostgreSQLTimeouts.standard
    /// The longest a request that needs PostgreSQL waits for its answer, then 503 (`--db-request-timeout`).
    public var databaseRequestTimeout = RequestDeadline.defaultTimeout
    /// Seed a new database with demo contacts.
    public var seed = true
    /// Largest request body.
    public var maxBodyBytes = 1 << 20
    /// Largest request head.
    public var maxHeaderBytes = 16 << 10
    /// Most open connections.
    public var maxConnections = 4096
    /// Most `/events` streams one account may have open (`--max-streams-per-account`).
    public var maxStreamsPerAccount = EventHub.defaultMaxStreamsPerAccount
    /// Most connections one account may hold (`--max-connections-per-account`); nil: the default,
    /// `connectionShare`.
    public var maxConnectionsPerAccount: Int?
    /// Seconds before a silent connection is closed.
    public var idleTimeoutSeconds = 30
    /// Threads serving HTTP.
    public var threads = 2
    /// Log verbosity.
    public var logLevel = LogLevel.info
    /// Info.plist or JSON file with the static items.
    public var shortcutsPath: String?
    /// Directory of `<lang>.lproj/InfoPlist.strings`.
    public var localizationsPath: String?
    /// The platform mapping file (`--platforms`): what Android and the web need beyond the Info.plist.
    public var platformsPath: String?
    /// How many shortcuts an Android launcher shows (`--android-max-shortcuts`): `?visible=true`'s cut.
    public var androidMaxShortcuts = 4
    /// The app's name, for the HIG check.
    public var appName: String?
    /// Xcode build settings for the Info.plist's `$(NAME)` references (`--build-setting`).
    public var buildSettings: [String: String] = [:]
    /// The bearer token every request but the probes must carry.
    public var token: String?
    /// A file holding the token (read at start-up).
    public var tokenFile: String?
    /// Seconds an Idempotency-Key's answer is kept.
    public var idempotencyTTLSeconds = 86_400
    /// Seconds a trigger is kept in the history; 0 keeps every trigger.
    public var triggerRetentionSeconds = 90 * 86_400
    /// `--disabled-retention`, in seconds: how long a disabled item (a favorite's disabled item) is kept.
    public var disabledRetentionSeconds = 30 * 86_400
    /// `--max-disabled-items`: most disabled items an account keeps, the newest.
    public var maxDisabledItems = StoreLimits.defaultMaxDisabledItems
    /// `--stale-window`, in seconds: how long after a scheduled item left the list its triggers
    /// are still accepted.
    public var staleWindowSeconds = 86_400
    /// `--reload-timeout`, in seconds: how long a reload may read the files before it is abandoned.
    public var reloadTimeoutSeconds = 30
    /// `--dynamic-order`: how the favorites are ordered after the pinned ones.
    public var dynamicOrder = DynamicOrder.default
    /// `--usage-half-life`, in seconds: how often a pick's weight in the use score halves.
    public var usageHalfLifeSeconds = 14 * 86_400
    /// Serve a non-loopback address without a token.
    public var allowUnauthenticated = false
    /// Multi-account mode (`--accounts`): account tokens select accounts; the admin token manages them.
    public var accounts = false
    /// The admin token (`--admin-token`, `QUICKACTIOND_ADMIN_TOKEN`).
    public var adminToken: String?
    /// A file holding the admin token (read at start-up).
    public var adminTokenFile: String?
    /// Most contacts one account may hold (multi-account mode).
    public var maxContactsPerAccount = 10_000
    /// Requests per second per account (`--rate-limit`); nil: no limit.
    public var rateLimit: Int?
    /// Accounts whose shortcut lists (and token digests) are kept in memory.
    public var cacheAccounts = 10_000

    /// The connections one account may hold: `--max-connections-per-account`, else a quarter of
    /// `--max-connections`, and never fewer than twice the streams it may open (each stream holds
    /// a connection, and the account needs others for its requests).
    public var connectionShare: Int {
        maxConnectionsPerAccount ?? max(maxConnections / 4, 2 * maxStreamsPerAccount)
    }

    /// The contact stores.
    public enum Store: String, Sendable, Equatable {
        case sqlite, memory
    }

    /// Defaults.
    public init() {}
}
