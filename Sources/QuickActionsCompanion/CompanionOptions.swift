import Foundation

/// The command line: `quickactions menu|watch|trigger|flush [options]`.
struct CompanionOptions: Sendable, Equatable {
    /// The subcommand.
    enum Command: String, Sendable {
        case menu, watch, trigger, flush
    }

    var command: Command
    var url: String
    var token: String?
    var language: String?
    var dark = false
    var type: String?
    var contactId: String?
    var name: String?
    var cold = false
    var deviceId: String?
    var outbox: String
    var attempts = 3

    static let usage = """
        usage: quickactions menu    [--url U] [--token T] [--language L] [--dark]
               quickactions watch   [--url U] [--token T] [--language L] [--dark]
               quickactions trigger TYPE [--contact ID] [--name NAME] [--cold] [--device ID] [--outbox DIR] [--url U] [--token T]
               quickactions flush   [--outbox DIR] [--url U] [--token T]
        --url defaults to $QUICKACTIONS_URL or http://127.0.0.1:8080, --token to $QUICKACTIONS_TOKEN,
        --outbox to $XDG_STATE_HOME/quickactions/outbox (~/.local/state/quickactions/outbox).
        """

    /// Parses `arguments`; throws a message for the user.
    static func parse(_ arguments: [String], environment: [String: String]) throws(UsageError) -> CompanionOptions {
        guard let first = arguments.first, let command = Command(rawValue: first) else {
            throw UsageError(arguments.first.map { "unknown command '\($0)'" } ?? "no command")
        }
        let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? ".") + "/.local/state")
        var options = CompanionOptions(
            command: command, url: environment["QUICKACTIONS_URL"] ?? "http://127.0.0.1:8080", token: environment["QUICKACTIONS_TOKEN"],
            outbox: stateHome + "/quickactions/outbox")
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            func value() throws(UsageError) -> String {
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                return value
            }
            switch argument {
            case "--url": options.url = try value()
            case "--token": options.token = try value()
            case "--language": options.language = try value()
            case "--dark": options.dark = true
            case "--contact": options.contactId = try value()
            case "--name": options.name = try value()
            case "--cold": options.cold = true
            case "--device": options.deviceId = try value()
            case "--outbox": options.outbox = try value()
            case "--attempts":
                guard let count = Int(try value()), count > 0 else { throw UsageError("--attempts needs a positive number") }
                options.attempts = count
            case _ where command == .trigger && options.type == nil && !argument.hasPrefix("-"): options.type = argument
            default: throw UsageError("unknown argument '\(argument)' for \(command.rawValue)")
            }
        }
        if command == .trigger && options.type == nil { throw UsageError("trigger needs a TYPE, e.g. FavoriteAction") }
        guard let parsed = URL(string: options.url), parsed.scheme == "http" || parsed.scheme == "https" else {
            throw UsageError("--url must be an http:// or https:// URL")
        }
        return options
    }
}
