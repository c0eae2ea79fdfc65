import ArgumentParsing
import Foundation

/// The command line: `quickactions menu|watch|trigger|flush|pin|unpin [options]`, `--help` or `--version`.
struct CompanionOptions: Sendable, Equatable {
    /// The subcommand.
    enum Command: String, Sendable {
        case menu, watch, trigger, flush, pin, unpin, help, version
    }

    var command: Command
    /// The service's URL as given.
    var url: String
    /// Where `url` came from, to name it in a message: `--url` or `QUICKACTIONS_URL`.
    var urlSource = "--url"
    var token: String?
    var language: String?
    var dark = false
    var type: String?
    /// The contact of `trigger --contact`, or of `pin`/`unpin`.
    var contactId: String?
    var name: String?
    var cold = false
    var deviceId: String?
    var outbox: String
    var attempts = 3

    static let usage = """
        usage: quickactions menu    [--url U] [--token T] [--language L] [--dark]
               quickactions watch   [--url U] [--token T] [--language L] [--dark]
               quickactions trigger TYPE [--contact ID] [--name NAME] [--cold] [--device ID] [--outbox DIR] [--attempts N] [--url U] [--token T]
               quickactions flush   [--outbox DIR] [--attempts N] [--url U] [--token T]
               quickactions pin     ID [--url U] [--token T]
               quickactions unpin   ID [--url U] [--token T]
               quickactions --help | --version
        A value follows its option (--url U) or is joined to it with = (--url=U); every command takes --help.
        --url defaults to $QUICKACTIONS_URL or http://127.0.0.1:8080, --token to $QUICKACTIONS_TOKEN,
        --outbox to $XDG_STATE_HOME/quickactions/outbox (~/.local/state/quickactions/outbox).
        pin puts the favorite ID first among the dynamic items (after those pinned before it); unpin undoes it.
        Exits 64 for a bad command line, 65 for a stale or refused trigger or a refused pin or unpin (not a
        favorite, no such contact), 69 when the service cannot be reached or does not answer within 30 s,
        76 when its answer passes a size limit or redirects to another origin, 77 when it refuses the token.

        options:

        """ + UsageText.optionLines(everyOption).joined(separator: "\n")

    /// The defaults for `command`: the service and token from the environment, the outbox under
    /// the state directory.
    init(command: Command, environment: [String: String]) {
        let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? ".") + "/.local/state")
        self.command = command
        url = environment["QUICKACTIONS_URL"] ?? "http://127.0.0.1:8080"
        urlSource = environment["QUICKACTIONS_URL"] == nil ? "--url" : "QUICKACTIONS_URL"
        token = environment["QUICKACTIONS_TOKEN"]
        outbox = stateHome + "/quickactions/outbox"
    }

    /// Parses `arguments`; throws a message for the user. `--help` or `-h`, as the command or
    /// after it, makes the command `help` (what follows it is not read); `--version` as the
    /// command makes it `version`.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> CompanionOptions {
        let command: Command
        switch arguments.first {
        case nil: throw UsageError("no command")
        case "--help", "-h": command = .help
        case "--version": command = .version
        case let first?:
            guard let named = Command(rawValue: first) else { throw UsageError("unknown command '\(first)'") }
            command = named
        }
        var options = CompanionOptions(command: command, environment: environment)
        guard let parser = parser(for: command) else { return options }
        if try parser.parse(arguments.dropFirst(), into: &options) == .help {
            options.command = .help
            return options
        }
        _ = try options.serviceURL()
        return options
    }

    /// `url` as the client's base URL; throws what is wrong with it, naming where it came from.
    func serviceURL() throws(UsageError) -> URL {
        let named = "\(urlSource) '\(TerminalText.redactingUserinfo(url))'"
        guard !url.isEmpty, let parsed = URL(string: url) else { throw UsageError("\(named) is not a URL") }
        guard let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw UsageError("\(named) must start with http:// or https://")
        }
        guard let host = parsed.host, !host.isEmpty else { throw UsageError("\(named) has no host") }
        if let port = parsed.port, !(1...65535).contains(port) { throw UsageError("\(named) has no valid port (1 to 65535)") }
        return parsed
    }
}
