import HTTPServer
import QuickActions
import QuickActionsAPI

extension CommandLineParser {
    /// Every option, in `--help`'s order; the README's flags table lists the same.
    static let options: [CommandLineOption] = [
        // Where to listen, where the data lives.
        CommandLineOption("--host", value: "HOST", help: "address to listen on (default 127.0.0.1)", text: { $0.host = $1 }),
        CommandLineOption("--port", value: "PORT", help: "port to listen on, 0 for any free port (default 8080)", integer: 0...65535) {
            $0.port = $1
        },
        CommandLineOption(
            "--db", value: "PATH|URL",
            help: "SQLite database file (default quickactions.sqlite); memory: keeps nothing; "
                + "postgres://... (a libpq keyword string, or postgres: for PG* variables): one PostgreSQL shared by instances",
            text: { $0.databasePath = $1 }),
        CommandLineOption("--db-pool", value: "N", help: "PostgreSQL reader connections per instance (default 4)", integer: 1...64) {
            $0.databasePool = $1
        },
        CommandLineOption(
            "--db-statement-timeout", value: "DURATION",
            help: "PostgreSQL: longest a statement may run, then 503: 500ms, 5s, 1m, 0 for no limit (default 5s)",
            timeLimit: { $0.databaseTimeouts.statement = $1 }),
        CommandLineOption(
            "--db-request-timeout", value: "DURATION",
            help: "PostgreSQL: longest a request that needs the database waits, then 503 with Retry-After; 0 for none (default 5s)",
            timeLimit: { $0.databaseRequestTimeout = $1 }),
        CommandLineOption(
            "--db-lock-timeout", value: "DURATION", help: "PostgreSQL: longest a statement may wait for a lock, then 503 (default 3s)",
            timeLimit: { $0.databaseTimeouts.lock = $1 }),
        CommandLineOption("--store", value: "sqlite|memory", help: "where contacts live (default sqlite)") {
            (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            guard let store = ServiceConfiguration.Store(rawValue: value.text) else {
                throw UsageError(description: "--store must be 'sqlite' or 'memory', not '\(value.text)'")
            }
            configuration.store = store
        },
        CommandLineOption("--no-seed", help: "start a new database empty instead of with demo contacts") { $0.seed = false },

        // The static items and their text.
        CommandLineOption(
            "--shortcuts", value: "FILE", help: "Info.plist (XML or binary), JSON file or Android res/xml/shortcuts.xml with the static items",
            text: { $0.shortcutsPath = $1 }),
        CommandLineOption(
            "--localizations", value: "DIR",
            help: "directory of <lang>.lproj/InfoPlist.strings or an InfoPlist.xcstrings; an Android shortcuts.xml's res/ folder",
            text: { $0.localizationsPath = $1 }),
        CommandLineOption(
            "--platforms", value: "FILE", help: "JSON mapping of item types to Android shortcuts and web manifest shortcuts (docs/platforms.md)",
            text: { $0.platformsPath = $1 }),
        CommandLineOption(
            "--android-max-shortcuts", value: "N", help: "shortcuts an Android launcher shows, static first: ?visible=true's cut (default 4)",
            integer: 1...100
        ) { $0.androidMaxShortcuts = $1 },
        CommandLineOption(
            "--app-name", value: "NAME", help: "the app's name, for the HIG check (default: from Info.plist)", text: { $0.appName = $1 }),
        CommandLineOption(
            "--build-setting", value: "NAME=VALUE",
            help: "expand $(NAME) and ${NAME} in the Info.plist; repeatable (DEVELOPMENT_LANGUAGE defaults to en)"
        ) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            try value.buildSetting(into: &configuration.buildSettings)
        },

        // Who may call.
        CommandLineOption(
            "--token", value: "TOKEN", help: "require 'Authorization: Bearer TOKEN', 16 characters or more (also QUICKACTIOND_TOKEN)",
            text: { $0.token = $1 }),
        CommandLineOption("--token-file", value: "FILE", help: "read the token from FILE", text: { $0.tokenFile = $1 }),
        CommandLineOption("--allow-unauthenticated", help: "allow a non-loopback --host without a token") { $0.allowUnauthenticated = true },
        CommandLineOption("--accounts", help: "multi-account mode: account tokens select accounts (needs an admin token)") { $0.accounts = true },
        CommandLineOption(
            "--admin-token", value: "TOKEN", help: "the admin token of --accounts, 16 characters or more (also QUICKACTIOND_ADMIN_TOKEN)",
            text: { $0.adminToken = $1 }),
        CommandLineOption("--admin-token-file", value: "FILE", help: "read the admin token from FILE", text: { $0.adminTokenFile = $1 }),
        CommandLineOption(
            "--max-contacts-per-account", value: "N", help: "most contacts an account may hold (default 10000)", integer: 1...100_000_000
        ) { $0.maxContactsPerAccount = $1 },
        CommandLineOption(
            "--rate-limit", value: "N", help: "requests per second per account, refused with 429 past it (default off)", integer: 1...1_000_000
        ) { $0.rateLimit = $1 },
        CommandLineOption(
            "--cache-accounts", value: "N", help: "accounts whose shortcut lists stay in memory; 10x as many token digests (default 10000)",
            integer: 1...100_000_000
        ) { $0.cacheAccounts = $1 },

        // How the favorites are ordered.
        CommandLineOption(
            "--dynamic-order", value: "ORDER", help: "order of the favorites after the pinned ones: usage, created or name (default usage)"
        ) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            guard let order = DynamicOrder(rawValue: value.text) else {
                throw UsageError(description: "--dynamic-order must be one of usage, created, name, not '\(value.text)'")
            }
            configuration.dynamicOrder = order
        },
        CommandLineOption(
            "--usage-half-life", value: "DURATION", help: "a pick's weight in the use score halves this often: 12h, 14d (default 14d)",
            seconds: false
        ) { $0.usageHalfLifeSeconds = $1 },

        // How long things are kept.
        CommandLineOption(
            "--idempotency-ttl", value: "DURATION", help: "keep Idempotency-Key answers this long: 86400, 90m, 24h, 7d (default 24h)",
            seconds: false
        ) { $0.idempotencyTTLSeconds = $1 },
        CommandLineOption(
            "--trigger-retention", value: "DURATION", help: "keep trigger history this long, 0 for ever (default 90d)", seconds: true
        ) { $0.triggerRetentionSeconds = $1 },
        CommandLineOption(
            "--disabled-retention", value: "DURATION",
            help: "list an unfavorited or deleted favorite's item as disabled this long (default 30d)", seconds: false
        ) { $0.disabledRetentionSeconds = $1 },
        CommandLineOption(
            "--max-disabled-items", value: "N", help: "most disabled items an account keeps; a new one drops the oldest (default 100)",
            integer: 1...100_000
        ) { $0.maxDisabledItems = $1 },
        CommandLineOption(
            "--reload-timeout", value: "DURATION",
            help: "abandon a SIGHUP reload still reading the files after this long, keeping the configuration (default 30s)", seconds: false
        ) { $0.reloadTimeoutSeconds = $1 },
        CommandLineOption(
            "--stale-window", value: "DURATION",
            help: "accept a scheduled item's triggers this long after it left the list (default 24h)", seconds: false
        ) { $0.staleWindowSeconds = $1 },

        // Limits of the transport.
        CommandLineOption("--max-body-bytes", value: "N", help: "largest request body, larger is 413 (default 1048576)", integer: 1...(1 << 30)) {
            $0.maxBodyBytes = $1
        },
        CommandLineOption("--max-header-bytes", value: "N", help: "largest request head (default 16384)", integer: 1024...(1 << 20)) {
            $0.maxHeaderBytes = $1
        },
        CommandLineOption(
            "--max-connections", value: "N", help: "most connections served at once; more get a prompt 503 (default 4096)", integer: 1...100_000
        ) { $0.maxConnections = $1 },
        CommandLineOption(
            "--max-connections-per-account", value: "N",
            help: "with --accounts, most connections one account may hold; more get a 429 (default: a quarter of --max-connections, "
                + "at least twice --max-streams-per-account)",
            integer: 1...100_000
        ) { $0.maxConnectionsPerAccount = $1 },
        CommandLineOption(
            "--max-streams-per-account", value: "N", help: "most /events streams one account may have open; more get a 429 (default 8)",
            integer: 1...100_000
        ) { $0.maxStreamsPerAccount = $1 },
        CommandLineOption("--idle-timeout", value: "SECONDS", help: "close connections silent this long (default 30)", integer: 1...86_400) {
            $0.idleTimeoutSeconds = $1
        },
        CommandLineOption("--threads", value: "N", help: "HTTP threads (default 2)", integer: 1...HTTPServerConfiguration.maximumThreads) {
            $0.threads = $1
        },
        CommandLineOption("--log-level", value: "LEVEL", help: "debug, info, warning or error (default info)") {
            (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            guard let level = LogLevel(rawValue: value.text) else {
                throw UsageError(description: "--log-level must be one of debug, info, warning, error, not '\(value.text)'")
            }
            configuration.logLevel = level
        },

        CommandLineOption("--help", help: "print this help", command: .help),
        CommandLineOption("--version", help: "print the version", command: .version),
    ]
}
