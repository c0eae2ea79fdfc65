import Foundation
import HTTPServer
import QuickActions
import QuickActionsAPI

/// Parses `--flag value` and `--flag=value` arguments (no outside argument parser is available),
/// each by its entry in `options`.
public enum CommandLineParser {
    /// The usage text.
    public static var usage: String {
        var lines = [
            "usage: quickactiond [options]",
            "       quickactiond lint Info.plist|shortcuts.xml [--localizations DIR] [--app-name NAME] [--build-setting NAME=VALUE]...",
            "                         [--platforms FILE] [--platform ios|android|web|all]",
            "       quickactiond export android --out DIR [--shortcuts FILE] [--localizations DIR] [--platforms FILE] [--build-setting NAME=VALUE]...",
            "       quickactiond export web --manifest FILE [--manifest-url URL] [--shortcuts FILE] [--localizations DIR] [--platforms FILE] ...",
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
            "signals: SIGINT or SIGTERM stops (requests in flight finish; a reload under way is not waited for); SIGHUP reads",
            "         --shortcuts, --localizations, --platforms, --token-file and --admin-token-file again and puts them in force,",
            "         or keeps all as it was if one fails (or is still being read after --reload-timeout).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Command {
        if arguments.first == "lint" { return try parseLint(Array(arguments.dropFirst())) }
        if arguments.first == "export" { return try parseExport(Array(arguments.dropFirst())) }
        var configuration = ServiceConfiguration()
        var iterator = Arguments(arguments)
        while let (flag, inline) = try iterator.next() {
            guard let option = option(named: flag) else { throw UsageError(description: "unknown option '\(flag)'") }
            switch option.action {
            case .command(let command):
                return command
            case .flag(let set):
                try iterator.noValue(flag, inline)
                set(&configuration)
            case .value(let read):
                try read(OptionValue(option: flag, text: iterator.value(flag, inline)), &configuration)
            }
        }
        try checkSingleAccount(&configuration, environment: environment)
        try checkAccounts(&configuration, environment: environment)
        return .serve(configuration)
    }

    /// The option `flag` names (`-h` is `--help`).
    static func option(named flag: String) -> CommandLineOption? {
        let name = flag == "-h" ? "--help" : flag
        return options.first { $0.name == name }
    }

    /// The token from the environment, and the combinations single-account mode refuses.
    static func checkSingleAccount(_ configuration: inout ServiceConfiguration, environment: [String: String]) throws(UsageError) {
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

    /// Parses `lint`'s arguments: the Info.plist, and the options that shape its reading.
    private static func parseLint(_ arguments: [String]) throws(UsageError) -> Command {
        var file: String?
        var localizations: String?
        var appName: String?
        var buildSettings: [String: String] = [:]
        var platformsFile: String?
        var platforms: [ShortcutPlatform]?
        var iterator = Arguments(arguments)
        while let (flag, inline) = try iterator.next() {
            switch flag {
            case "--help", "-h": return .help
            case "--localizations": localizations = try iterator.value(flag, inline)
            case "--platforms": platformsFile = try iterator.value(flag, inline)
            case "--platform":
                let value = try iterator.value(flag, inline)
                if value == "all" {
                    platforms = ShortcutPlatform.allCases
                } else if let platform = ShortcutPlatform(rawValue: value) {
                    platforms = (platforms ?? []) + [platform]
                } else {
                    throw UsageError(description: "lint: --platform must be ios, android, web or all, not '\(value)'")
                }
            case "--app-name": appName = try iterator.value(flag, inline)
            case "--build-setting": try OptionValue(option: flag, text: iterator.value(flag, inline)).buildSetting(into: &buildSettings)
            case _ where !flag.hasPrefix("-") && file == nil: file = flag
            default: throw UsageError(description: "lint: unexpected argument '\(flag)'")
            }
        }
        guard let file else { throw UsageError(description: "lint: name the Info.plist to check") }
        return .lint(
            infoPlist: file, localizations: localizations, appName: appName, buildSettings: buildSettings, platformsFile: platformsFile,
            platforms: platforms)
    }
}

extension CommandLineParser {
    /// The service's flags `export` takes: those that name the files to read.
    static let exportSourceFlags: Set<String> = ["--shortcuts", "--localizations", "--platforms", "--build-setting", "--app-name"]

    /// Parses `export`'s arguments: the platform, where to write, and the source flags.
    static func parseExport(_ arguments: [String]) throws(UsageError) -> Command {
        if arguments.first == "--help" || arguments.first == "-h" { return .help }
        guard let platform = arguments.first, platform == "android" || platform == "web" else {
            throw UsageError(description: "export: name the platform, android or web")
        }
        var configuration = ServiceConfiguration()
        var out: String?
        var manifest: String?
        var manifestURL: String?
        var iterator = Arguments(Array(arguments.dropFirst()))
        while let (flag, inline) = try iterator.next() {
            switch flag {
            case "--help", "-h": return .help
            case "--out" where platform == "android": out = try iterator.value(flag, inline)
            case "--manifest" where platform == "web": manifest = try iterator.value(flag, inline)
            case "--manifest-url" where platform == "web": manifestURL = try iterator.value(flag, inline)
            case _ where exportSourceFlags.contains(flag):
                guard let option = option(named: flag), case .value(let read) = option.action else { continue }
                try read(OptionValue(option: flag, text: iterator.value(flag, inline)), &configuration)
            default: throw UsageError(description: "export \(platform): unexpected argument '\(flag)'")
            }
        }
        if platform == "android" {
            guard let out else { throw UsageError(description: "export android: name the folder to write res/ into with --out DIR") }
            return .export(ExportCommand(target: .android(outDirectory: out), configuration: configuration))
        }
        guard let manifest else { throw UsageError(description: "export web: name the manifest to edit with --manifest FILE") }
        return .export(ExportCommand(target: .web(manifest: manifest, manifestURL: manifestURL), configuration: configuration))
    }
}

extension CommandLineParser {
    /// Walks arguments, splitting `--flag=value`.
    private struct Arguments {
        private var remaining: ArraySlice<String>

        init(_ arguments: [String]) {
            remaining = arguments[...]
        }

        /// The next argument, split at the first `=` when it is a `--flag=value`.
        mutating func next() throws(UsageError) -> (String, String?)? {
            guard let argument = remaining.popFirst() else { return nil }
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            }
            return (argument, nil)
        }

        /// The value of `flag`: the part after its `=`, or the next argument.
        mutating func value(_ flag: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return value
        }

        /// Refuses a value given to a flag that takes none.
        func noValue(_ flag: String, _ inline: String?) throws(UsageError) {
            if inline != nil { throw UsageError(description: "\(flag) takes no value") }
        }
    }
}
