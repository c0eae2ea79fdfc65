import ArgumentParsing
import Foundation
import StoragePostgreSQL
import Testing

@testable import quickactiond

/// The command line: every flag, the usage text, and the README's flags table.
@Suite struct CommandLineParserTests {
    private func serve(_ arguments: [String]) throws -> ServiceConfiguration {
        guard case .serve(let configuration) = try CommandLineParser.parse(arguments) else {
            Issue.record("not serve")
            return ServiceConfiguration()
        }
        return configuration
    }

    @Test func buildSettingsAreRepeatableAndTheLastValueWins() throws {
        let command = try CommandLineParser.parse([
            "--build-setting", "PRODUCT_BUNDLE_IDENTIFIER=org.mozilla.ios.Firefox", "--build-setting=PRODUCT_NAME=Fire fox",
            "--build-setting", "EMPTY=", "--build-setting", "PRODUCT_NAME=Firefox", "--build-setting", "URL=a=b",
        ])
        guard case .serve(let configuration) = command else {
            Issue.record("not serve: \(command)")
            return
        }
        #expect(
            configuration.buildSettings == [
                "PRODUCT_BUNDLE_IDENTIFIER": "org.mozilla.ios.Firefox", "PRODUCT_NAME": "Firefox", "EMPTY": "", "URL": "a=b",
            ])
        #expect(
            try CommandLineParser.parse(["lint", "Info.plist", "--build-setting", "A=1", "--localizations", "L"])
                == .lint(infoPlist: "Info.plist", localizations: "L", appName: nil, buildSettings: ["A": "1"]))
    }

    @Test(arguments: ["NOEQUALS", "=value", "1A=b", "A B=c", "$(A)=b"])
    func aMalformedBuildSettingIsAUsageError(argument: String) {
        let error = #expect(throws: UsageError.self) { try CommandLineParser.parse(["--build-setting", argument]) }
        #expect(error?.description.contains("--build-setting must be NAME=VALUE") == true)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lint", "Info.plist", "--build-setting", argument]) }
    }

    @Test("Each account's share: 8 streams, a quarter of --max-connections and at least twice the streams, or as given")
    func fairShares() throws {
        let defaults = try serve([])
        #expect(defaults.maxStreamsPerAccount == 8)
        #expect(defaults.connectionShare == 1024)
        #expect(try serve(["--max-connections", "100"]).connectionShare == 25)
        #expect(try serve(["--max-connections", "40"]).connectionShare == 16, "twice the 8 streams")
        #expect(try serve(["--max-connections", "40", "--max-streams-per-account", "2"]).connectionShare == 10)
        let given = try serve(["--max-connections-per-account", "3", "--max-streams-per-account=20"])
        #expect(given.connectionShare == 3)
        #expect(given.maxStreamsPerAccount == 20)
        for bad in [["--max-streams-per-account", "0"], ["--max-connections-per-account", "-1"], ["--max-connections-per-account", "x"]] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandLineParser.parse(bad) }
        }
    }

    @Test func theReadmeFlagsTableListsEveryOption() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let documented = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("| `--") }.compactMap { row in
                row.dropFirst(3).split(separator: " ").first.map { String($0.prefix { $0 != "`" }) }
            })
        let options = Set(CommandLineParser.options.map(\.name)).subtracting(["--help", "--version"])
        #expect(documented == options)
        for option in CommandLineParser.options {
            #expect(CommandLineParser.usage.contains(option.name))
        }
    }

    @Test func tokenComesFromFlagOrEnvironment() throws {
        let environment = ["QUICKACTIOND_TOKEN": "env-0123456789abcdef"]
        guard case .serve(let fromEnvironment) = try CommandLineParser.parse([], environment: environment) else {
            Issue.record("not serve")
            return
        }
        #expect(fromEnvironment.token == "env-0123456789abcdef")
        guard case .serve(let fromFlag) = try CommandLineParser.parse(["--token=flag-0123456789abcdef"], environment: environment) else {
            Issue.record("not serve")
            return
        }
        #expect(fromFlag.token == "flag-0123456789abcdef")
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--token", "a", "--token-file", "b"]) }
    }

    /// The message `parse` refuses `arguments` and `environment` with.
    static func refusal(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments, environment: environment)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("An empty token is refused alike from the flag and the environment: only an unset variable means no token")
    func emptyTokensAreRefused() throws {
        let cases: [(arguments: [String], environment: [String: String], source: String)] = [
            (["--token", ""], [:], "--token"),
            ([], ["QUICKACTIOND_TOKEN": ""], "QUICKACTIOND_TOKEN"),
            (["--accounts", "--admin-token="], [:], "--admin-token"),
            (["--accounts"], ["QUICKACTIOND_ADMIN_TOKEN": ""], "QUICKACTIOND_ADMIN_TOKEN"),
        ]
        for (arguments, environment, source) in cases {
            let message = try #require(Self.refusal(arguments, environment), "\(source): accepted")
            #expect(message.hasPrefix("\(source) is empty: an empty token does not turn authentication off"), "\(message)")
        }
        guard case .serve(let unset) = try CommandLineParser.parse([], environment: [:]) else {
            Issue.record("not serve")
            return
        }
        #expect(unset.token == nil)
    }

    @Test("A token shorter than 16 characters is refused with the reason, from every source; 16 is enough")
    func shortTokensAreRefused() throws {
        let short = "fifteen-chars-x"
        #expect(short.count == 15)
        let cases: [(arguments: [String], environment: [String: String], source: String)] = [
            (["--token", short], [:], "--token"),
            ([], ["QUICKACTIOND_TOKEN": short], "QUICKACTIOND_TOKEN"),
            (["--accounts", "--admin-token", short], [:], "--admin-token"),
            (["--accounts"], ["QUICKACTIOND_ADMIN_TOKEN": short], "QUICKACTIOND_ADMIN_TOKEN"),
        ]
        for (arguments, environment, source) in cases {
            let message = try #require(Self.refusal(arguments, environment), "\(source): accepted")
            #expect(message.hasPrefix("\(source) is 15 character(s) long: a token must be at least 16 characters"), "\(message)")
            #expect(!message.contains(short), "the message holds the token: \(message)")
        }
        #expect(Self.refusal(["--token", short + "y"]) == nil)
        #expect(Self.refusal(["--accounts"], ["QUICKACTIOND_ADMIN_TOKEN": short + "y"]) == nil)
    }

    @Test func configurationParsesEveryFlag() throws {
        let command = try CommandLineParser.parse([
            "--host", "::1", "--port=0", "--db", "x.sqlite", "--no-seed", "--max-body-bytes", "10", "--threads", "3", "--log-level", "debug",
        ])
        guard case .serve(let configuration) = command else {
            Issue.record("not serve")
            return
        }
        #expect(configuration.host == "::1")
        #expect(configuration.port == 0)
        #expect(configuration.databasePath == "x.sqlite")
        #expect(!configuration.seed)
        #expect(configuration.maxBodyBytes == 10)
        #expect(configuration.threads == 3)
        #expect(configuration.logLevel == .debug)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--port", "70000"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--bogus"]) }
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--no-seed=1"]) }
        #expect(
            try CommandLineParser.parse(["lint", "Info.plist", "--app-name", "X"])
                == .lint(infoPlist: "Info.plist", localizations: nil, appName: "X", buildSettings: [:])
        )
    }

    @Test func postgreSQLLimitsDefaultTo5And3SecondsAndTakeUnits() throws {
        #expect(try serve([]).databaseTimeouts == PostgreSQLTimeouts(statement: .seconds(5), lock: .seconds(3)))
        let given = try serve(["--db-statement-timeout", "500ms", "--db-lock-timeout=2"]).databaseTimeouts
        #expect(given == PostgreSQLTimeouts(statement: .milliseconds(500), lock: .seconds(2)))
        #expect(try serve(["--db-statement-timeout", "1m", "--db-lock-timeout", "0"]).databaseTimeouts.statement == .seconds(60))
        #expect(try serve(["--db-lock-timeout", "0"]).databaseTimeouts.lock == .zero)
        #expect(try serve(["--db-lock-timeout", "1h"]).databaseTimeouts.lock == .seconds(3600))
        for bad in ["-1", "x", "", "5d", "25h", "1.5s", "s", "ms", "٣s"] {
            let error = #expect(throws: UsageError.self, "\(bad)") { try CommandLineParser.parse(["--db-statement-timeout", bad]) }
            #expect(error?.description.contains("--db-statement-timeout must be 0 or a duration") == true)
        }
        #expect(CommandLineParser.usage.contains("--db-lock-timeout DURATION"))
    }

    @Test func triggerRetentionDefaultsTo90DaysAndZeroKeepsEverything() throws {
        #expect(try serve([]).triggerRetentionSeconds == 90 * 86_400)
        #expect(try serve(["--trigger-retention", "0"]).triggerRetentionSeconds == 0)
        #expect(try serve(["--trigger-retention=7d"]).triggerRetentionSeconds == 7 * 86_400)
        #expect(try serve(["--trigger-retention", "90m"]).triggerRetentionSeconds == 5400)
        for bad in ["-1", "x", "", "400d", "1w"] {
            #expect(throws: UsageError.self, "\(bad)") { try CommandLineParser.parse(["--trigger-retention", bad]) }
        }
        // A zero TTL would replay nothing: still refused.
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--idempotency-ttl", "0"]) }
        #expect(CommandLineParser.usage.contains("--trigger-retention DURATION"))
    }

    /// Options given together, and the configuration they read into (the defaults elsewhere).
    struct OptionGroup: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let expected: ServiceConfiguration
        var testDescription: String { arguments.joined(separator: " ") }

        init(_ arguments: [String], _ set: (inout ServiceConfiguration) -> Void) {
            self.arguments = arguments
            var expected = ServiceConfiguration()
            set(&expected)
            self.expected = expected
        }
    }

    /// Every option of a single-account server, each with a value other than its default.
    static let singleAccountOptions = OptionGroup(
        [
            "--host", "0.0.0.0", "--port", "9090", "--db", "other.sqlite", "--db-pool", "3", "--db-statement-timeout", "250ms",
            "--db-lock-timeout", "2s", "--db-request-timeout", "1500ms", "--store", "memory", "--no-seed", "--shortcuts", "Info.plist",
            "--localizations", "L10n",
            "--platforms", "platforms.json", "--android-max-shortcuts", "5", "--app-name", "Fire", "--build-setting", "A=B", "--token",
            "token-0123456789abcdef", "--allow-unauthenticated",
            "--idempotency-ttl", "90m", "--trigger-retention", "0", "--max-body-bytes", "2048", "--max-header-bytes", "4096",
            "--max-connections", "100", "--max-streams-per-account", "3", "--idle-timeout", "5", "--threads", "3", "--log-level", "debug",
        ]
    ) { expected in
        expected.host = "0.0.0.0"
        expected.port = 9090
        expected.databasePath = "other.sqlite"
        expected.databasePool = 3
        expected.databaseTimeouts.statement = .milliseconds(250)
        expected.databaseTimeouts.lock = .seconds(2)
        expected.databaseRequestTimeout = .milliseconds(1500)
        expected.store = .memory
        expected.seed = false
        expected.shortcutsPath = "Info.plist"
        expected.localizationsPath = "L10n"
        expected.platformsPath = "platforms.json"
        expected.androidMaxShortcuts = 5
        expected.appName = "Fire"
        expected.buildSettings = ["A": "B"]
        expected.token = "token-0123456789abcdef"
        expected.allowUnauthenticated = true
        expected.idempotencyTTLSeconds = 90 * 60
        expected.triggerRetentionSeconds = 0
        expected.maxBodyBytes = 2048
        expected.maxHeaderBytes = 4096
        expected.maxConnections = 100
        expected.maxStreamsPerAccount = 3
        expected.idleTimeoutSeconds = 5
        expected.threads = 3
        expected.logLevel = .debug
    }

    /// Together, every option of the server.
    static let optionGroups = [
        singleAccountOptions,
        OptionGroup(
            [
                "--accounts", "--admin-token", "admin-0123456789abcdef", "--max-contacts-per-account", "7", "--rate-limit", "50",
                "--cache-accounts", "20", "--max-connections-per-account", "9",
            ]
        ) { expected in
            expected.accounts = true
            expected.adminToken = "admin-0123456789abcdef"
            expected.maxContactsPerAccount = 7
            expected.rateLimit = 50
            expected.cacheAccounts = 20
            expected.maxConnectionsPerAccount = 9
        },
        OptionGroup(["--token-file", "token.txt"]) { $0.tokenFile = "token.txt" },
        OptionGroup(["--accounts", "--admin-token-file", "admin.txt"]) { expected in
            expected.accounts = true
            expected.adminTokenFile = "admin.txt"
        },
        OptionGroup(
            [
                "--dynamic-order", "name", "--usage-half-life", "12h", "--disabled-retention", "7d", "--stale-window", "90m", "--reload-timeout",
                "45s", "--max-disabled-items", "250",
            ]
        ) { expected in
            expected.maxDisabledItems = 250
            expected.reloadTimeoutSeconds = 45
            expected.disabledRetentionSeconds = 7 * 86_400
            expected.staleWindowSeconds = 90 * 60
            expected.dynamicOrder = .name
            expected.usageHalfLifeSeconds = 12 * 3600
        },
    ]

    /// Every option reads its value into its own field: whole configurations are compared, so
    /// an option read into another field, or not read at all, fails.
    @Test(arguments: optionGroups) func everyOptionSetsItsOwnField(_ group: OptionGroup) throws {
        #expect(try serve(group.arguments) == group.expected)
    }

    /// The groups `everyOptionSetsItsOwnField` reads give every option.
    @Test func everyOptionIsGivenToEveryOptionSetsItsOwnField() {
        let given = Set(Self.optionGroups.flatMap(\.arguments).filter { $0.hasPrefix("--") })
        #expect(given == Set(CommandLineParser.options.map(\.name)).subtracting(["--help", "--version"]))
    }

    /// `export` reads the server options it takes into its configuration, and refuses those it does not.
    @Test func exportReadsTheServerOptionsItTakes() throws {
        #expect(
            try CommandLineParser.parse(["export", "android", "--out", "o", "--shortcuts", "s.xml", "--platforms", "p.json"])
                == .export(
                    ExportCommand(
                        target: .android(outDirectory: "o"),
                        configuration: {
                            var configuration = ServiceConfiguration()
                            configuration.shortcutsPath = "s.xml"
                            configuration.platformsPath = "p.json"
                            return configuration
                        }())))
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["export", "web", "--manifest", "m", "--port", "1"]) }
    }

    /// The ranking options refuse an unknown order and a disabled-items limit out of range.
    @Test func rankingOptionsRefuseValuesOutOfRange() {
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["--dynamic-order", "random"]) }
        for count in ["0", "100001", "-1", "ten"] {
            #expect(throws: UsageError.self) { try CommandLineParser.parse(["--max-disabled-items", count]) }
        }
    }

    /// `--help` prints exactly the committed text (`Fixtures/usage.txt`): a change to it is seen
    /// in review, and the README's flags table is updated with it.
    @Test func usageIsTheCommittedText() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/usage.txt")
        let committed = try String(contentsOf: fixture, encoding: .utf8)
        #expect(CommandLineParser.usage == committed)
    }

    /// The README's flags table and `--help` come from the same list: every option is in both.
    @Test func readmeFlagsTableListsEveryOption() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for option in CommandLineParser.options where option.name != "--help" && option.name != "--version" {
            let flag = option.placeholder.map { "\(option.name) \($0.replacingOccurrences(of: "|", with: "\\|"))" } ?? option.name
            #expect(text.contains("| `\(flag)` |"), "README flags table lacks \(flag)")
        }
    }

    @Test("lint --help and export --help (or -h, anywhere among their arguments) print the usage: exit 0")
    func subcommandsTakeHelp() throws {
        for arguments in [
            ["lint", "--help"], ["lint", "-h"], ["lint", "Info.plist", "--help"], ["export", "--help"], ["export", "-h"],
            ["export", "android", "--help"], ["export", "web", "--manifest", "m", "-h"],
        ] {
            #expect(try CommandLineParser.parse(arguments) == .help, "\(arguments)")
        }
        #expect(Application.run(arguments: ["quickactiond", "lint", "--help"], environment: [:]) == 0)
        #expect(Application.run(arguments: ["quickactiond", "export", "--help"], environment: [:]) == 0)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["export", "--out"]) }
    }

    @Test("lint and export read --flag=value as --flag value; --help on each prints its own usage")
    func subcommandsTakeJoinedValuesAndTheirOwnUsage() throws {
        #expect(
            try CommandLineParser.parse(["lint", "Info.plist", "--localizations=L", "--app-name=X", "--build-setting=A=1", "--platform=web"])
                == CommandLineParser.parse([
                    "lint", "Info.plist", "--localizations", "L", "--app-name", "X", "--build-setting", "A=1", "--platform", "web",
                ]))
        #expect(
            try CommandLineParser.parse(["lint", "I", "--platform", "ios", "--platform=all", "--platforms=p.json"])
                == .lint(
                    infoPlist: "I", localizations: nil, appName: nil, buildSettings: [:], platformsFile: "p.json", platforms: [.ios, .android, .web]))
        #expect(
            try CommandLineParser.parse(["export", "web", "--manifest=m", "--manifest-url=https://x/m.json", "--shortcuts=s"])
                == CommandLineParser.parse(["export", "web", "--manifest", "m", "--manifest-url", "https://x/m.json", "--shortcuts", "s"]))
        #expect(CommandLineParser.usage(for: ["lint", "-h"]).hasPrefix("usage: quickactiond lint Info.plist|shortcuts.xml [options]\n"))
        #expect(CommandLineParser.usage(for: ["export", "web"]).hasPrefix("usage: quickactiond export android --out DIR [options]\n"))
        #expect(CommandLineParser.usage(for: ["--port", "1"]) == CommandLineParser.usage)
        for flag in ["--localizations DIR", "--platforms FILE", "--app-name NAME", "--build-setting NAME=VALUE", "--platform ios|android|web|all"] {
            #expect(CommandLineParser.lintUsage.contains("  \(flag)  "), "\(flag)")
        }
        for flag in ["--out DIR", "--manifest FILE", "--manifest-url URL", "--shortcuts FILE", "--help"] {
            #expect(CommandLineParser.exportUsage.contains("  \(flag)  "), "\(flag)")
        }
        #expect(throws: UsageError("lint needs the Info.plist or shortcuts.xml to check")) { try CommandLineParser.parse(["lint"]) }
        #expect(throws: UsageError("export needs the platform, android or web, not 'windows'")) {
            try CommandLineParser.parse(["export", "windows"])
        }
        #expect(Application.run(arguments: ["quickactiond", "export", "android", "--help"], environment: [:]) == 0)
    }
}
