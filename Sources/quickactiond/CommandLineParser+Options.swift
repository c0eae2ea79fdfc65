import ArgumentParsing
import HTTPServer
import QuickActions
import QuickActionsAPI

extension CommandLineParser {
    /// Every option, in `--help`'s order; the README's flags table lists the same.
    static let options: [Option<ServiceConfiguration>] = [
        // Where to listen, where the data lives.
        .text("--host", "HOST", help: "address to listen on (default 127.0.0.1)") { $0.host = $1 },
        .integer("--port", "PORT", help: "port to listen on, 0 for any free port (default 8080)", in: 0...65535) {
            $0.port = $1
        },
        .text(
            "--db", "PATH|URL",
            help: "SQLite database file (default quickactions.sqlite); memory: keeps nothing; "
                + "postgres://... (a libpq keyword string, or postgres: for PG* variables): one PostgreSQL shared by instances"
        ) { $0.databasePath = $1 },
        .integer("--db-pool", "N", help: "PostgreSQL reader connections per instance (default 4)", in: 1...64) {
            $0.databasePool = $1
        },
        .timeLimit(
            "--db-statement-timeout", "DURATION",
            help: "PostgreSQL: longest a statement may run, then 503: 500ms, 5s, 1m, 0 for no limit (default 5s)"
        ) { $0.databaseTimeouts.statement = $1 },
        .timeLimit(
            "--db-request-timeout", "DURATION",
            help: "PostgreSQL: longest a request that needs the database waits, then 503 with Retry-After; 0 for none (default 5s)"
        ) { $0.databaseRequestTimeout = $1 },
        .timeLimit("--db-lock-timeout", "DURATION", help: "PostgreSQL: longest a statement may wait for a lock, then 503 (default 3s)") {
            $0.databaseTimeouts.lock = $1
        },
        .choice("--store", "sqlite|memory", help: "where contacts live (default sqlite)", ["sqlite": .sqlite, "memory": .memory]) { $0.store = $1 },
        .flag("--no-seed", help: "start a new database empty instead of with demo contacts") { $0.seed = false },

        // The static items and their text.
        .text("--shortcuts", "FILE", help: "Info.plist (XML or binary), JSON file or Android res/xml/shortcuts.xml with the static items") {
            $0.shortcutsPath = $1
        },
        .text(
            "--localizations", "DIR",
            help: "directory of <lang>.lproj/InfoPlist.strings or an InfoPlist.xcstrings; an Android shortcuts.xml's res/ folder"
        ) { $0.localizationsPath = $1 },
        .text("--platforms", "FILE", help: "JSON mapping of item types to Android shortcuts and web manifest shortcuts (docs/platforms.md)") {
            $0.platformsPath = $1
        },
        .integer(
            "--android-max-shortcuts", "N", help: "shortcuts an Android launcher shows, static first: ?visible=true's cut (default 4)",
            in: 1...100
        ) { $0.androidMaxShortcuts = $1 },
        .text("--app-name", "NAME", help: "the app's name, for the HIG check (default: from Info.plist)") { $0.appName = $1 },
        .value(
            "--build-setting", "NAME=VALUE",
            help: "expand $(NAME) and ${NAME} in the Info.plist; repeatable (DEVELOPMENT_LANGUAGE defaults to en)"
        ) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            try value.buildSetting(into: &configuration.buildSettings)
        },

        // Who may call.
        .text("--token", "TOKEN", help: "require 'Authorization: Bearer TOKEN', 16 characters or more (also QUICKACTIOND_TOKEN)") { $0.token = $1 },
        .text("--token-file", "FILE", help: "read the token from FILE") { $0.tokenFile = $1 },
        .flag("--allow-unauthenticated", help: "allow a non-loopback --host without a token") { $0.allowUnauthenticated = true },
        .flag("--accounts", help: "multi-account mode: account tokens select accounts (needs an admin token)") { $0.accounts = true },
        .text("--admin-token", "TOKEN", help: "the admin token of --accounts, 16 characters or more (also QUICKACTIOND_ADMIN_TOKEN)") {
            $0.adminToken = $1
        },
        .text("--admin-token-file", "FILE", help: "read the admin token from FILE") { $0.adminTokenFile = $1 },
        .integer(
            "--max-contacts-per-account", "N", help: "most contacts an account may hold (default 10000)", in: 1...100_000_000
        ) { $0.maxContactsPerAccount = $1 },
        .integer(
            "--rate-limit", "N", help: "requests per second per account, refused with 429 past it (default off)", in: 1...1_000_000
        ) { $0.rateLimit = $1 },
        .integer(
            "--cache-accounts", "N", help: "accounts whose shortcut lists stay in memory; 10x as many token digests (default 10000)",
            in: 1...100_000_000
        ) { $0.cacheAccounts = $1 },

        // How the favorites are ordered.
        .choice(
            "--dynamic-order", "ORDER", help: "order of the favorites after the pinned ones: usage, created or name (default usage)",
            ["usage": .usage, "created": .created, "name": .name]
        ) { $0.dynamicOrder = $1 },
        .duration(
            "--usage-half-life", "DURATION", help: "a pick's weight in the use score halves this often: 12h, 14d (default 14d)",
            allowsZero: false
        ) { $0.usageHalfLifeSeconds = $1 },

        // How long things are kept.
        .duration(
            "--idempotency-ttl", "DURATION", help: "keep Idempotency-Key answers this long: 86400, 90m, 24h, 7d (default 24h)",
            allowsZero: false
        ) { $0.idempotencyTTLSeconds = $1 },
        .duration(
            "--trigger-retention", "DURATION", help: "keep trigger history this long, 0 for ever (default 90d)", allowsZero: true
        ) { $0.triggerRetentionSeconds = $1 },
        .duration(
            "--disabled-retention", "DURATION",
            help: "list an unfavorited or deleted favorite's item as disabled this long (default 30d)", allowsZero: false
        ) { $0.disabledRetentionSeconds = $1 },
        .integer(
            "--max-disabled-items", "N", help: "most disabled items an account keeps; a new one drops the oldest (default 100)",
            in: 1...100_000
        ) { $0.maxDisabledItems = $1 },
        .duration(
            "--reload-timeout", "DURATION",
            help: "abandon a SIGHUP reload still reading the files after this long, keeping the configuration (default 30s)", allowsZero: false
        ) { $0.reloadTimeoutSeconds = $1 },
        .duration(
            "--stale-window", "DURATION",
            help: "accept a scheduled item's triggers this long after it left the list (default 24h)", allowsZero: false
        ) { $0.staleWindowSeconds = $1 },

        // Limits of the transport.
        .integer("--max-body-bytes", "N", help: "largest request body, larger is 413 (default 1048576)", in: 1...(1 << 30)) {
            $0.maxBodyBytes = $1
        },
        .integer("--max-header-bytes", "N", help: "largest request head (default 16384)", in: 1024...(1 << 20)) {
            $0.maxHeaderBytes = $1
        },
        .integer(
            "--max-connections", "N", help: "most connections served at once; more get a prompt 503 (default 4096)", in: 1...100_000
        ) { $0.maxConnections = $1 },
        .integer(
            "--max-connections-per-account", "N",
            help: "with --accounts, most connections one account may hold; more get a 429 (default: a quarter of --max-connections, "
                + "at least twice --max-streams-per-account)",
            in: 1...100_000
        ) { $0.maxConnectionsPerAccount = $1 },
        .integer(
            "--max-streams-per-account", "N", help: "most /events streams one account may have open; more get a 429 (default 8)",
            in: 1...100_000
        ) { $0.maxStreamsPerAccount = $1 },
        .integer("--idle-timeout", "SECONDS", help: "close connections silent this long (default 30)", in: 1...86_400) {
            $0.idleTimeoutSeconds = $1
        },
        .integer("--threads", "N", help: "HTTP threads (default 2)", in: 1...HTTPServerConfiguration.maximumThreads) {
            $0.threads = $1
        },
        .choice(
            "--log-level", "LEVEL", help: "debug, info, warning or error (default info)",
            ["debug": .debug, "info": .info, "warning": .warning, "error": .error]
        ) { $0.logLevel = $1 },

        .help(),
        .stop("--version", help: "print the version"),
    ]
}
