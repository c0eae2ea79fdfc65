import Foundation
import HTTPServer
import QuickActions
import QuickActionsAPI

/// Parses `--flag value` and `--flag=value` arguments (no outside argument parser is available).
public enum CommandLineParser {
    /// One documented option; the help text and README table come from this list.
    struct Option {
        let name: String
        let value: String?
        let help: String
    }

    static let options: [Option] = [
        Option(name: "--host", value: "HOST", help: "address to listen on (default 127.0.0.1)"),
        Option(name: "--port", value: "PORT", help: "port to listen on, 0 for any free port (default 8080)"),
        Option(
            name: "--db", value: "PATH|URL",
            help: "SQLite database file (default quickactions.sqlite); memory: keeps nothing; "
                + "postgres://... (a libpq keyword string, or postgres: for PG* variables): one PostgreSQL shared by instances"),
        Option(name: "--db-pool", value: "N", help: "PostgreSQL reader connections per instance (default 4)"),
        Option(
            name: "--db-statement-timeout", value: "DURATION",
            help: "PostgreSQL: longest a statement may run, then 503: 500ms, 5s, 1m, 0 for no limit (default 5s)"),
        Option(name: "--db-lock-timeout", value: "DURATION", help: "PostgreSQL: longest a statement may wait for a lock, then 503 (default 3s)"),
        Option(name: "--store", value: "sqlite|memory", help: "where contacts live (default sqlite)"),
        Option(name: "--no-seed", value: nil, help: "start a new database empty instead of with demo contacts"),
        Option(name: "--shortcuts", value: "FILE", help: "Info.plist (XML or binary) or JSON file with the static items"),
        Option(name: "--localizations", value: "DIR", help: "directory of <lang>.lproj/InfoPlist.strings or an InfoPlist.xcstrings"),
        Option(name: "--app-name", value: "NAME", help: "the app's name, for the HIG check (default: from Info.plist)"),
        Option(
            name: "--build-setting", value: "NAME=VALUE",
            help: "expand $(NAME) and ${NAME} in the Info.plist; repeatable (DEVELOPMENT_LANGUAGE defaults to en)"),
        Option(name: "--token", value: "TOKEN", help: "require 'Authorization: Bearer TOKEN', 16 characters or more (also QUICKACTIOND_TOKEN)"),
        Option(name: "--token-file", value: "FILE", help: "read the token from FILE"),
        Option(name: "--allow-unauthenticated", value: nil, help: "allow a non-loopback --host without a token"),
        Option(name: "--accounts", value: nil, help: "multi-account mode: account tokens select accounts (needs an admin token)"),
        Option(name: "--admin-token", value: "TOKEN", help: "the admin token of --accounts, 16 characters or more (also QUICKACTIOND_ADMIN_TOKEN)"),
        Option(name: "--admin-token-file", value: "FILE", help: "read the admin token from FILE"),
        Option(name: "--max-contacts-per-account", value: "N", help: "most contacts an account may hold (default 10000)"),
        Option(name: "--rate-limit", value: "N", help: "requests per second per account, refused with 429 past it (default off)"),
        Option(name: "--cache-accounts", value: "N", help: "accounts whose shortcut lists stay in memory; 10x as many token digests (default 10000)"),
        Option(name: "--idempotency-ttl", value: "DURATION", help: "keep Idempotency-Key answers this long: 86400, 90m, 24h, 7d (default 24h)"),
        Option(name: "--trigger-retention", value: "DURATION", help: "keep trigger history this long, 0 for ever (default 90d)"),
        Option(name: "--max-body-bytes", value: "N", help: "largest request body, larger is 413 (default 1048576)"),
        Option(name: "--max-header-bytes", value: "N", help: "largest request head (default 16384)"),
        Option(name: "--max-connections", value: "N", help: "most connections served at once; more get a prompt 503 (default 4096)"),
        Option(
            name: "--max-connections-per-account", value: "N",
            help: "with --accounts, most connections one account may hold; more get a 429 (default: a quarter of --max-connections, "
                + "at least twice --max-streams-per-account)"),
        Option(name: "--max-streams-per-account", value: "N", help: "most /events streams one account may have open; more get a 429 (default 8)"),
        Option(name: "--idle-timeout", value: "SECONDS", help: "close connections silent this long (default 30)"),
        Option(name: "--threads", value: "N", help: "HTTP threads (default 2)"),
        Option(name: "--log-level", value: "LEVEL", help: "debug, info, warning or error (default info)"),
        Option(name: "--help", value: nil, help: "print this help"),
        Option(name: "--version", value: nil, help: "print the version"),
    ]

    /// The usage text.
    public static var usage: String {
        var lines = [
            "usage: quickactiond [options]",
            "       quickactiond lint Info.plist [--localizations DIR] [--app-name NAME] [--build-setting NAME=VALUE]...",
            "",
            "options:",
        ]
        let flags = options.map { option in option.value.map { "\(option.name) \($0)" } ?? option.name }
        // At least two spaces between the longest flag and its help.
        let width = max(28, (flags.map(\.count).max() ?? 0) + 2)
        for (flag, option) in zip(flags, options) {
            lines.append("  " + flag.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
        }
        lines += [
            "",
            "signals: SIGINT or SIGTERM stops (requests in flight finish); SIGHUP reads --shortcuts, --localizations,",
            "         --token-file and --admin-token-file again and puts them in force, or keeps all as it was if one fails.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Command {
        if arguments.first == "lint" { return try parseLint(Array(arguments.dropFirst())) }
        var configuration = ServiceConfiguration()
        var iterator = Arguments(arguments)
        while let (flag, inline) = try iterator.next() {
            switch flag {
            case "--help", "-h": return .help
            case "--version": return .version
            case "--no-seed": try iterator.noValue(flag, inline); configuration.seed = false
            case "--allow-unauthenticated": try iterator.noValue(flag, inline); configuration.allowUnauthenticated = true
            case "--accounts": try iterator.noValue(flag, inline); configuration.accounts = true
            case "--admin-token": configuration.adminToken = try iterator.value(flag, inline)
            case "--admin-token-file": configuration.adminTokenFile = try iterator.value(flag, inline)
            case "--max-contacts-per-account": configuration.maxContactsPerAccount = try iterator.integer(flag, inline, 1...100_000_000)
            case "--rate-limit": configuration.rateLimit = try iterator.integer(flag, inline, 1...1_000_000)
            case "--cache-accounts": configuration.cacheAccounts = try iterator.integer(flag, inline, 1...100_000_000)
            case "--idempotency-ttl": configuration.idempotencyTTLSeconds = try Self.duration(flag, iterator.value(flag, inline))
            case "--trigger-retention":
                configuration.triggerRetentionSeconds = try Self.duration(flag, iterator.value(flag, inline), allowsZero: true)
            case "--token": configuration.token = try iterator.value(flag, inline)
            case "--token-file": configuration.tokenFile = try iterator.value(flag, inline)
            case "--host": configuration.host = try iterator.value(flag, inline)
            case "--port": configuration.port = try iterator.integer(flag, inline, 0...65535)
            case "--db": configuration.databasePath = try iterator.value(flag, inline)
            case "--db-pool": configuration.databasePool = try iterator.integer(flag, inline, 1...64)
            case "--db-statement-timeout": configuration.databaseTimeouts.statement = try Self.timeLimit(flag, iterator.value(flag, inline))
            case "--db-lock-timeout": configuration.databaseTimeouts.lock = try Self.timeLimit(flag, iterator.value(flag, inline))
            case "--store":
                let value = try iterator.value(flag, inline)
                guard let store = ServiceConfiguration.Store(rawValue: value) else {
                    throw UsageError(description: "--store must be 'sqlite' or 'memory', not '\(value)'")
                }
                configuration.store = store
            case "--shortcuts": configuration.shortcutsPath = try iterator.value(flag, inline)
            case "--localizations": configuration.localizationsPath = try iterator.value(flag, inline)
            case "--app-name": configuration.appName = try iterator.value(flag, inline)
            case "--build-setting": try Self.buildSetting(flag, iterator.value(flag, inline), into: &configuration.buildSettings)
            case "--max-body-bytes": configuration.maxBodyBytes = try iterator.integer(flag, inline, 1...(1 << 30))
            case "--max-header-bytes": configuration.maxHeaderBytes = try iterator.integer(flag, inline, 1024...(1 << 20))
            case "--max-connections": configuration.maxConnections = try iterator.integer(flag, inline, 1...100_000)
            case "--max-connections-per-account": configuration.maxConnectionsPerAccount = try iterator.integer(flag, inline, 1...100_000)
            case "--max-streams-per-account": configuration.maxStreamsPerAccount = try iterator.integer(flag, inline, 1...100_000)
            case "--idle-timeout": configuration.idleTimeoutSeconds = try iterator.integer(flag, inline, 1...86_400)
            case "--threads": configuration.threads = try iterator.integer(flag, inline, 1...HTTPServerConfiguration.maximumThreads)
            case "--log-level":
                let value = try iterator.value(flag, inline)
                guard let level = LogLevel(rawValue: value) else {
                    throw UsageError(description: "--log-level must be one of debug, info, warning, error, not '\(value)'")
                }
                configuration.logLevel = level
            default:
                throw UsageError(description: "unknown option '\(flag)'")
            }
        }
        if configuration.token != nil && configuration.tokenFile != nil {
            throw UsageError(description: "give the token with --token or --token-file, not both")
        }
        if let token = configuration.token {
            try Self.checkToken(token, from: "--token", withoutToken: "leave --token out")
        } else if configuration.tokenFile == nil, let token = environment["QUICKACTIOND_TOKEN"] {
            // Set but empty is refused like `--token ''`: only an unset variable means "no token".
            try Self.checkToken(token, from: "QUICKACTIOND_TOKEN", withoutToken: "unset QUICKACTIOND_TOKEN")
            configuration.token = token
        }
        try Self.checkAccounts(&configuration, environment: environment)
        return .serve(configuration)
    }

    /// The admin token from the environment, and the combinations multi-account mode refuses.
    static func checkAccounts(_ configuration: inout ServiceConfiguration, environment: [String: String]) throws(UsageError) {
        if configuration.adminToken != nil && configuration.adminTokenFile != nil {
            throw UsageError(description: "give the admin token with --admin-token or --admin-token-file, not both")
        }
        if let token = configuration.adminToken {
            try Self.checkToken(token, from: "--admin-token", withoutToken: "leave --admin-token out")
        } else if configuration.adminTokenFile == nil, let token = environment["QUICKACTIOND_ADMIN_TOKEN"] {
            try Self.checkToken(token, from: "QUICKACTIOND_ADMIN_TOKEN", withoutToken: "unset QUICKACTIOND_ADMIN_TOKEN")
            configuration.adminToken = token
        }
        guard configuration.accounts else { return }
        if configuration.token != nil || configuration.tokenFile != nil {
            throw UsageError(
                description: "--token is single-account mode's; with --accounts each account has its own token and the admin token "
                    + "(--admin-token) manages them")
        }
    }

    /// Refuses a token that `TokenRequirement` refuses.
    private static func checkToken(_ token: String, from source: String, withoutToken: String) throws(UsageError) {
        if let problem = TokenRequirement.problem(with: token, from: source, withoutToken: withoutToken) {
            throw UsageError(description: problem)
        }
    }

    /// Seconds in `text`: a number with an optional unit s, m, h or d, at most a year. Zero
    /// (meaning "for ever") only where `allowsZero`.
    static func duration(_ flag: String, _ text: String, allowsZero: Bool = false) throws(UsageError) -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text)
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 || (allowsZero && value == 0), value <= 365 * 86_400 / multiplier else {
            let kind = allowsZero ? "0 or a positive duration" : "a positive duration"
            throw UsageError(description: "\(flag) must be \(kind) such as 86400, 90m, 24h or 7d, not '\(text)'")
        }
        return value * multiplier
    }

    /// A time limit in `text`: a number of seconds, or a number with the unit ms, s, m or h, at
    /// most a day; 0 turns the limit off.
    static func timeLimit(_ flag: String, _ text: String) throws(UsageError) -> Duration {
        let units: [(suffix: String, milliseconds: Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var digits = Substring(text)
        var multiplier = 1000
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            multiplier = unit.milliseconds
            digits = digits.dropLast(unit.suffix.count)
        }
        guard digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0, value <= 86_400_000 / multiplier else {
            throw UsageError(description: "\(flag) must be 0 or a duration such as 500ms, 5s or 1m (at most 24h), not '\(text)'")
        }
        return .milliseconds(value * multiplier)
    }

    /// Adds `NAME=VALUE` to `settings` (a later value for one name wins, as on xcodebuild's
    /// command line).
    static func buildSetting(_ flag: String, _ text: String, into settings: inout [String: String]) throws(UsageError) {
        guard let equals = text.firstIndex(of: "="), BuildSettings.isName(String(text[..<equals])) else {
            throw UsageError(description: "\(flag) must be NAME=VALUE with a build setting name such as PRODUCT_BUNDLE_IDENTIFIER, not '\(text)'")
        }
        settings[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }

    private static func parseLint(_ arguments: [String]) throws(UsageError) -> Command {
        var file: String?
        var localizations: String?
        var appName: String?
        var buildSettings: [String: String] = [:]
        var iterator = Arguments(arguments)
        while let (flag, inline) = try iterator.next() {
            switch flag {
            case "--localizations": localizations = try iterator.value(flag, inline)
            case "--app-name": appName = try iterator.value(flag, inline)
            case "--build-setting": try Self.buildSetting(flag, iterator.value(flag, inline), into: &buildSettings)
            case _ where !flag.hasPrefix("-") && file == nil: file = flag
            default: throw UsageError(description: "lint: unexpected argument '\(flag)'")
            }
        }
        guard let file else { throw UsageError(description: "lint: name the Info.plist to check") }
        return .lint(infoPlist: file, localizations: localizations, appName: appName, buildSettings: buildSettings)
    }
}

extension CommandLineParser {
    /// Walks arguments, splitting `--flag=value`.
    private struct Arguments {
        private var remaining: ArraySlice<String>

        init(_ arguments: [String]) {
            remaining = arguments[...]
        }

        mutating func next() throws(UsageError) -> (String, String?)? {
            guard let argument = remaining.popFirst() else { return nil }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            }
            return (argument, nil)
        }

        mutating func value(_ flag: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return value
        }

        mutating func integer(_ flag: String, _ inline: String?, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = try value(flag, inline)
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(description: "\(flag) must be an integer from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
            }
            return number
        }

        func noValue(_ flag: String, _ inline: String?) throws(UsageError) {
            if inline != nil { throw UsageError(description: "\(flag) takes no value") }
        }
    }
}
