import ArgumentParsing
import Testing

/// `CommandParser`: both forms of a value, flags, positionals, `--help`, and each refusal's words.
@Suite struct CommandParserTests {
    /// What the test commands read into.
    struct Settings: Equatable {
        var port = 8080
        var host = "127.0.0.1"
        var quiet = false
        var file: String?
        var extra: String?
    }

    static let options: [Option<Settings>] = [
        .integer("--port", "PORT", help: "port to listen on", in: 0...65535) { $0.port = $1 },
        .text("--host", "HOST", help: "address to listen on") { $0.host = $1 },
        .flag("--quiet", help: "say less") { $0.quiet = true },
        .stop("--version", help: "print the version"),
        .help(),
    ]

    static let topLevel = CommandParser(options: options)
    static let lint = CommandParser(
        command: "lint", options: options,
        positionals: [
            Positional("FILE", missing: "lint needs the file to check") { $0.file = $1 },
            Positional("EXTRA", missing: nil) { $0.extra = $1 },
        ])

    /// `arguments` read by `parser` from the defaults.
    static func parsed(_ arguments: [String], by parser: CommandParser<Settings> = topLevel) throws(UsageError) -> Settings {
        var settings = Settings()
        #expect(try parser.parse(arguments, into: &settings) == .parsed)
        return settings
    }

    /// The message `parser` refuses `arguments` with.
    static func refusal(_ arguments: [String], by parser: CommandParser<Settings> = topLevel) -> String? {
        var settings = Settings()
        do {
            _ = try parser.parse(arguments, into: &settings)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("--flag value and --flag=value read the same; a value may hold = and begin with -")
    func bothFormsOfAValue() throws {
        #expect(try Self.parsed(["--port", "9090", "--host", "::1"]) == Self.parsed(["--port=9090", "--host=::1"]))
        #expect(try Self.parsed(["--port=9090"]).port == 9090)
        #expect(try Self.parsed(["--host=a=b"]).host == "a=b")
        #expect(try Self.parsed(["--host="]).host == "")
        #expect(try Self.parsed(["--host", "-x"]).host == "-x")
        #expect(try Self.parsed(["--host", "--port"]).host == "--port")
        #expect(try Self.parsed(["--port", "1", "--port", "2"]).port == 2, "a later value wins")
        #expect(try Self.parsed(["--quiet"]).quiet)
        #expect(try Self.parsed([]) == Settings())
    }

    @Test("--help and -h end the command line on every command, before anything after them is read")
    func help() throws {
        var settings = Settings()
        for arguments in [["--help"], ["-h"], ["--port", "1", "--help", "--bogus"], ["-h", "--port=x"]] {
            #expect(try Self.topLevel.parse(arguments, into: &settings) == .help, "\(arguments)")
            #expect(try Self.lint.parse(arguments, into: &settings) == .help, "lint \(arguments)")
        }
        let withoutHelpListed = CommandParser<Settings>(command: "x", options: [])
        #expect(try withoutHelpListed.parse(["--help"], into: &settings) == .help)
        #expect(try Self.topLevel.parse(["--version", "--bogus"], into: &settings) == .stopped("--version"))
        #expect(Self.refusal(["--help=yes"]) == "--help takes no value")
    }

    @Test("Each refusal says what is wrong, then what was given; within a subcommand it begins with its name")
    func refusals() {
        #expect(Self.refusal(["--bogus"]) == "unknown option '--bogus'")
        #expect(Self.refusal(["--bogus=1"]) == "unknown option '--bogus'")
        #expect(Self.refusal(["-x"]) == "unknown option '-x'")
        #expect(Self.refusal(["stray"]) == "unexpected argument 'stray'")
        #expect(Self.refusal(["-"]) == "unexpected argument '-'")
        #expect(Self.refusal(["--port"]) == "--port needs a value")
        #expect(Self.refusal(["--quiet=1"]) == "--quiet takes no value")
        #expect(Self.refusal(["--version=1"]) == "--version takes no value")
        #expect(Self.refusal(["--port", "x"]) == "--port must be an integer from 0 to 65535, not 'x'")
        #expect(Self.refusal(["--port=70000"]) == "--port must be an integer from 0 to 65535, not '70000'")
        #expect(Self.refusal(["f", "--bogus"], by: Self.lint) == "lint: unknown option '--bogus'")
        #expect(Self.refusal(["f", "--port=x"], by: Self.lint) == "lint: --port must be an integer from 0 to 65535, not 'x'")
        #expect(Self.refusal(["f", "--port"], by: Self.lint) == "lint: --port needs a value")
        #expect(Self.refusal(["a", "b", "c"], by: Self.lint) == "lint: unexpected argument 'c'")
    }

    @Test("Positionals fill in order around the options; a required one left out is refused with its own message")
    func positionals() throws {
        let both = try Self.parsed(["--quiet", "Info.plist", "--port=1", "more"], by: Self.lint)
        #expect(both.file == "Info.plist" && both.extra == "more" && both.quiet && both.port == 1)
        let one = try Self.parsed(["Info.plist"], by: Self.lint)
        #expect(one.file == "Info.plist" && one.extra == nil)
        #expect(Self.refusal([], by: Self.lint) == "lint needs the file to check")
        #expect(Self.refusal(["--quiet"], by: Self.lint) == "lint needs the file to check")
    }

    @Test("A scoped option reads into its part of a larger target; its name, placeholder and help are kept")
    func scopedOptions() throws {
        struct Outer {
            var settings = Settings()
            var other = 0
        }
        let scoped = Self.options.map { $0.scoped(to: \Outer.settings) }
        #expect(scoped.map(\.synopsis) == Self.options.map(\.synopsis))
        var outer = Outer()
        #expect(try CommandParser(options: scoped).parse(["--port=1", "--quiet"], into: &outer) == .parsed)
        #expect(outer.settings.port == 1 && outer.settings.quiet && outer.other == 0)
        #expect(try CommandParser(options: scoped).parse(["--version"], into: &outer) == .stopped("--version"))
    }

    @Test("Values: integers in a range or from a lower bound, one of named choices")
    func values() throws {
        #expect(try OptionValue(option: "--n", text: "5").integer(in: 1...Int.max) == 5)
        #expect(throws: UsageError("--n must be an integer of at least 1, not '0'")) {
            try OptionValue(option: "--n", text: "0").integer(in: 1...Int.max)
        }
        #expect(throws: UsageError("--n must be an integer from 1 to 3, not ' 2'")) { try OptionValue(option: "--n", text: " 2").integer(in: 1...3) }
        let choices: KeyValuePairs = ["sqlite": 1, "memory": 2]
        #expect(try OptionValue(option: "--store", text: "memory").choice(choices) == 2)
        #expect(throws: UsageError("--store must be one of sqlite, memory, not 'disk'")) {
            try OptionValue(option: "--store", text: "disk").choice(choices)
        }
    }

    @Test("The usage's option lines: synopsis, then the help aligned two columns after the longest, or at the minimum width")
    func usageLines() {
        #expect(
            UsageText.optionLines(Self.options) == [
                "  --port PORT  port to listen on", "  --host HOST  address to listen on", "  --quiet      say less",
                "  --version    print the version", "  --help       print this help",
            ])
        #expect(UsageText.optionLines([Self.options[2]], minimumWidth: 10) == ["  --quiet   say less"])
    }
}
