import ArgumentParsing
import Testing

@testable import QuickActionsCompanion

/// `quickactions`' command line read into `CompanionOptions`: defaults, each command's options and
/// positionals, both forms of a value.
@Suite struct CompanionOptionsTests {
    @Test func optionsDefaultUnderXDGStateHomeAndRefuseNonsense() throws {
        let options = try CompanionOptions.parse(["trigger", "FavoriteAction", "--contact", "c1", "--cold"], environment: ["XDG_STATE_HOME": "/s"])
        #expect(options.outbox == "/s/quickactions/outbox")
        #expect(options.type == "FavoriteAction" && options.contactId == "c1" && options.cold)
        #expect(try CompanionOptions.parse(["menu"], environment: ["HOME": "/h"]).outbox == "/h/.local/state/quickactions/outbox")
        #expect(throws: UsageError.self) { try CompanionOptions.parse(["trigger"], environment: [:]) }
        #expect(throws: UsageError.self) { try CompanionOptions.parse(["menu", "--url", "ftp://x"], environment: [:]) }
        #expect(throws: UsageError.self) { try CompanionOptions.parse(["menu", "--bogus"], environment: [:]) }
    }

    @Test("--flag=value reads as --flag value, for every option that takes one")
    func joinedValues() throws {
        let apart = try CompanionOptions.parse(
            [
                "trigger", "T", "--contact", "c1", "--name", "Ada", "--device", "d", "--outbox", "o", "--attempts", "5", "--url", "http://h:1",
                "--token", "t",
            ],
            environment: [:])
        let joined = try CompanionOptions.parse(
            ["trigger", "T", "--contact=c1", "--name=Ada", "--device=d", "--outbox=o", "--attempts=5", "--url=http://h:1", "--token=t"],
            environment: [:])
        #expect(joined == apart)
        #expect(joined.attempts == 5 && joined.url == "http://h:1" && joined.urlSource == "--url" && joined.token == "t")
        #expect(try CompanionOptions.parse(["menu", "--language=de", "--dark"], environment: [:]).language == "de")
    }

    @Test("Each command takes its own options; --help after any of them is help")
    func eachCommandItsOwnOptions() throws {
        #expect(throws: UsageError("menu: unknown option '--cold'")) { try CompanionOptions.parse(["menu", "--cold"], environment: [:]) }
        #expect(throws: UsageError("flush: unknown option '--dark'")) { try CompanionOptions.parse(["flush", "--dark"], environment: [:]) }
        #expect(throws: UsageError("unpin: unexpected argument 'b'")) { try CompanionOptions.parse(["unpin", "a", "b"], environment: [:]) }
        #expect(throws: UsageError("pin needs the ID of a contact, as GET /contacts lists it")) {
            try CompanionOptions.parse(["pin"], environment: [:])
        }
        for command in ["menu", "watch", "trigger", "flush", "pin", "unpin"] {
            #expect(try CompanionOptions.parse([command, "-h"], environment: [:]).command == .help)
        }
        #expect(try CompanionOptions.parse(["help", "anything"], environment: [:]).command == .help)
        #expect(try CompanionOptions.parse(["--version"], environment: [:]).command == .version)
        #expect(throws: UsageError("unknown command 'nonsense'")) { try CompanionOptions.parse(["nonsense"], environment: [:]) }
    }

    @Test("The usage lists every option the commands take, once")
    func usageListsEveryOption() {
        let commands: [CompanionOptions.Command] = [.menu, .watch, .trigger, .flush, .pin, .unpin]
        let taken = Set(commands.compactMap(CompanionOptions.parser(for:)).flatMap(\.options).map(\.name))
        #expect(taken.union(["--help"]) == Set(CompanionOptions.everyOption.map(\.name)))
        for option in CompanionOptions.everyOption {
            #expect(CompanionOptions.usage.contains("\n  \(option.synopsis) "), "\(option.name)")
        }
    }
}
