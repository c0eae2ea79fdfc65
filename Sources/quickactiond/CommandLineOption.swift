import QuickActions

/// One documented option of `quickactiond`: its name, its value's placeholder, its help line
/// and what giving it does. `CommandLineParser.options` lists them all, so a flag documented in
/// `--help` is a flag parsed, and the other way round.
struct CommandLineOption: Sendable {
    /// What giving the option does.
    enum Action: Sendable {
        /// Stops reading the command line with this command (`--help`, `--version`).
        case command(Command)
        /// Takes no value; changes the configuration.
        case flag(@Sendable (inout ServiceConfiguration) -> Void)
        /// Takes a value (`--name value` or `--name=value`); reads it into the configuration.
        case value(@Sendable (OptionValue, inout ServiceConfiguration) throws(UsageError) -> Void)
    }

    /// The flag, with its two dashes.
    let name: String
    /// The value's placeholder in `--help` (`PORT`), nil for an option without a value.
    let value: String?
    /// The help line.
    let help: String
    /// What giving it does.
    let action: Action

    /// An option that takes a value, shown in `--help` as `name value`, read by `read`.
    init(
        _ name: String, value: String, help: String,
        read: @escaping @Sendable (OptionValue, inout ServiceConfiguration) throws(UsageError) -> Void
    ) {
        self.name = name
        self.value = value
        self.help = help
        action = .value(read)
    }

    /// An option whose value is any text.
    init(_ name: String, value: String, help: String, text set: @escaping @Sendable (inout ServiceConfiguration, String) -> Void) {
        self.init(name, value: value, help: help) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            set(&configuration, value.text)
        }
    }

    /// An option whose value is an integer in `range`.
    init(
        _ name: String, value: String, help: String, integer range: ClosedRange<Int>,
        set: @escaping @Sendable (inout ServiceConfiguration, Int) -> Void
    ) {
        self.init(name, value: value, help: help) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            set(&configuration, try value.integer(range))
        }
    }

    /// An option whose value is a duration in seconds (see `OptionValue.duration`).
    init(
        _ name: String, value: String, help: String, seconds allowsZero: Bool,
        set: @escaping @Sendable (inout ServiceConfiguration, Int) -> Void
    ) {
        self.init(name, value: value, help: help) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            set(&configuration, try value.duration(allowsZero: allowsZero))
        }
    }

    /// An option whose value is a time limit (see `OptionValue.timeLimit`).
    init(_ name: String, value: String, help: String, timeLimit set: @escaping @Sendable (inout ServiceConfiguration, Duration) -> Void) {
        self.init(name, value: value, help: help) { (value: OptionValue, configuration: inout ServiceConfiguration) throws(UsageError) in
            set(&configuration, try value.timeLimit())
        }
    }

    /// An option without a value.
    init(_ name: String, help: String, set: @escaping @Sendable (inout ServiceConfiguration) -> Void) {
        self.name = name
        value = nil
        self.help = help
        action = .flag(set)
    }

    /// An option that ends the command line with `command`.
    init(_ name: String, help: String, command: Command) {
        self.name = name
        value = nil
        self.help = help
        action = .command(command)
    }
}

/// An option's value as given, with the option's name for the messages that refuse it.
struct OptionValue: Sendable {
    /// The option, with its two dashes.
    let option: String
    /// The value as given.
    let text: String

    /// The value as an integer in `range`.
    func integer(_ range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let number = Int(text), range.contains(number) else {
            throw UsageError(description: "\(option) must be an integer from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return number
    }

    /// Seconds: a number with an optional unit s, m, h or d, at most a year. Zero (meaning
    /// "for ever") only where `allowsZero`.
    func duration(allowsZero: Bool = false) throws(UsageError) -> Int {
        let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
        var digits = Substring(text)
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value > 0 || (allowsZero && value == 0), value <= 365 * 86_400 / multiplier else {
            let kind = allowsZero ? "0 or a positive duration" : "a positive duration"
            throw UsageError(description: "\(option) must be \(kind) such as 86400, 90m, 24h or 7d, not '\(text)'")
        }
        return value * multiplier
    }

    /// A time limit: a number of seconds, or a number with the unit ms, s, m or h, at most a
    /// day; 0 turns the limit off.
    func timeLimit() throws(UsageError) -> Duration {
        let units: [(suffix: String, milliseconds: Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var digits = Substring(text)
        var multiplier = 1000
        if let unit = units.first(where: { text.hasSuffix($0.suffix) }) {
            multiplier = unit.milliseconds
            digits = digits.dropLast(unit.suffix.count)
        }
        guard digits.allSatisfy(\.isASCII), let value = Int(digits), value >= 0, value <= 86_400_000 / multiplier else {
            throw UsageError(description: "\(option) must be 0 or a duration such as 500ms, 5s or 1m (at most 24h), not '\(text)'")
        }
        return .milliseconds(value * multiplier)
    }

    /// Adds `NAME=VALUE` to `settings` (a later value for one name wins, as on xcodebuild's
    /// command line).
    func buildSetting(into settings: inout [String: String]) throws(UsageError) {
        guard let equals = text.firstIndex(of: "="), BuildSettings.isName(String(text[..<equals])) else {
            throw UsageError(
                description: "\(option) must be NAME=VALUE with a build setting name such as PRODUCT_BUNDLE_IDENTIFIER, not '\(text)'")
        }
        settings[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
}
