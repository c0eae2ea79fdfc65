import ArgumentParsing
import QuickActions

/// `quickactiond`'s command line: the service's options (`options`), `lint` and `export`, each
/// read by `ArgumentParsing`'s `CommandParser`.
public enum CommandLineParser {
    /// The usage text: every command's synopsis, the service's options, the signals.
    public static var usage: String {
        var lines = [
            "usage: quickactiond [options]",
            "       quickactiond lint Info.plist|shortcuts.xml [--localizations DIR] [--app-name NAME] [--build-setting NAME=VALUE]...",
            "                         [--platforms FILE] [--platform ios|android|web|all]",
            "       quickactiond export android --out DIR [--shortcuts FILE] [--localizations DIR] [--platforms FILE] [--build-setting NAME=VALUE]...",
            "       quickactiond export web --manifest FILE [--manifest-url URL] [--shortcuts FILE] [--localizations DIR] [--platforms FILE] ...",
            "A value follows its option (--port 8080) or is joined to it with = (--port=8080); lint --help and export --help list theirs.",
            "",
            "options:",
        ]
        lines += UsageText.optionLines(options, minimumWidth: 28)
        lines += [
            "",
            "signals: SIGINT or SIGTERM stops (requests in flight finish; a reload under way is not waited for); SIGHUP reads",
            "         --shortcuts, --localizations, --platforms, --token-file and --admin-token-file again and puts them in force,",
            "         or keeps all as it was if one fails (or is still being read after --reload-timeout).",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// The usage of the command `arguments` (without the program name) names: `lint`'s,
    /// `export`'s, or the whole text.
    public static func usage(for arguments: [String]) -> String {
        switch arguments.first {
        case "lint": lintUsage
        case "export": exportUsage
        default: usage
        }
    }

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Command {
        switch arguments.first {
        case "lint": return try parseLint(arguments.dropFirst())
        case "export": return try parseExport(arguments.dropFirst())
        default: break
        }
        var configuration = ServiceConfiguration()
        switch try CommandParser(options: options).parse(arguments, into: &configuration) {
        case .help: return .help
        case .stopped: return .version
        case .parsed: break
        }
        try checkSingleAccount(&configuration, environment: environment)
        try checkAccounts(&configuration, environment: environment)
        return .serve(configuration)
    }

    /// The token from the environment, and the combinations single-account mode refuses.
    static func checkSingleAccount(_ configuration: inout ServiceConfiguration, environment: [String: String]) throws(UsageError) {
        if configuration.token != nil && configuration.tokenFile != nil {
            throw UsageError("give the token with --token or --token-file, not both")
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
            throw UsageError("give the admin token with --admin-token or --admin-token-file, not both")
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
                "--token is single-account mode's; with --accounts each account has its own token and the admin token "
                    + "(--admin-token) manages them")
        }
    }

    /// Refuses a token that `TokenRequirement` refuses.
    private static func checkToken(_ token: String, from source: String, withoutToken: String) throws(UsageError) {
        if let problem = TokenRequirement.problem(with: token, from: source, withoutToken: withoutToken) {
            throw UsageError(problem)
        }
    }
}
