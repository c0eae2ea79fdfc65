import ArgumentParsing

extension CompanionOptions {
    static let url = Option<CompanionOptions>.text("--url", "U", help: "the service's base URL") {
        $0.url = $1
        $0.urlSource = "--url"
    }
    static let token = Option<CompanionOptions>.text("--token", "T", help: "the bearer token") { $0.token = $1 }
    static let language = Option<CompanionOptions>.text("--language", "L", help: "the language of the titles (Accept-Language)") {
        $0.language = $1
    }
    static let dark = Option<CompanionOptions>.flag("--dark", help: "draw the menu in dark appearance") { $0.dark = true }
    static let contact = Option<CompanionOptions>.text("--contact", "ID", help: "trigger: the item's contact (its userInfo contactId)") {
        $0.contactId = $1
    }
    static let name = Option<CompanionOptions>.text("--name", "NAME", help: "trigger: the item's userInfo Name") { $0.name = $1 }
    static let cold = Option<CompanionOptions>.flag("--cold", help: "trigger: as picked to launch the app (default: while running)") {
        $0.cold = true
    }
    static let device = Option<CompanionOptions>.text("--device", "ID", help: "trigger: the device's id, sent as deviceId") { $0.deviceId = $1 }
    static let outbox = Option<CompanionOptions>.text("--outbox", "DIR", help: "where triggers wait until delivered") { $0.outbox = $1 }
    static let attempts = Option<CompanionOptions>.integer(
        "--attempts", "N", help: "tries per trigger in this run before it stays in the outbox (default 3)", in: 1...Int.max
    ) { $0.attempts = $1 }

    /// Every option once, in the usage's order.
    static let everyOption = [url, token, language, dark, contact, name, cold, device, outbox, attempts, .help()]

    /// The parser of `command`'s arguments; nil for `help` and `version`, which read none.
    static func parser(for command: Command) -> CommandParser<CompanionOptions>? {
        let service = [url, token]
        switch command {
        case .menu, .watch: return CommandParser(command: command.rawValue, options: [language, dark] + service)
        case .trigger:
            return CommandParser(
                command: "trigger", options: [contact, name, cold, device, outbox, attempts] + service,
                positionals: [Positional("TYPE", missing: "trigger needs a TYPE, e.g. FavoriteAction") { $0.type = $1 }])
        case .flush: return CommandParser(command: "flush", options: [outbox, attempts] + service)
        case .pin, .unpin:
            return CommandParser(
                command: command.rawValue, options: service,
                positionals: [
                    Positional("ID", missing: "\(command.rawValue) needs the ID of a contact, as GET /contacts lists it") { $0.contactId = $1 }
                ])
        case .help, .version: return nil
        }
    }
}
