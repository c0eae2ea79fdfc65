/// One option a command takes: its name, its value's placeholder, its help line, and what giving
/// it does to the `Target` the command line is read into.
public struct Option<Target>: Sendable {
    /// What giving the option does.
    enum Action: Sendable {
        /// Takes no value; changes the target.
        case flag(@Sendable (inout Target) -> Void)
        /// Takes a value (`--name value` or `--name=value`) and reads it into the target.
        case value(@Sendable (OptionValue, inout Target) throws(UsageError) -> Void)
        /// Ends the command line: `CommandParser.parse` returns `.stopped(name)` (`--version`).
        case stop
        /// `--help`'s line in the usage; the parser answers `--help` and `-h` whether listed or not.
        case help
    }

    /// The flag, with its two dashes.
    public let name: String
    /// The value's placeholder in the usage (`PORT`); nil for an option without a value.
    public let placeholder: String?
    /// The help line.
    public let help: String
    /// What giving it does.
    let action: Action

    /// The flag and its placeholder as the usage shows them: `--port PORT`.
    public var synopsis: String {
        placeholder.map { "\(name) \($0)" } ?? name
    }

    /// An option that takes a value, read into the target by `read`.
    public static func value(
        _ name: String, _ placeholder: String, help: String, read: @escaping @Sendable (OptionValue, inout Target) throws(UsageError) -> Void
    ) -> Option {
        Option(name: name, placeholder: placeholder, help: help, action: .value(read))
    }

    /// An option whose value is any text.
    public static func text(_ name: String, _ placeholder: String, help: String, set: @escaping @Sendable (inout Target, String) -> Void) -> Option {
        value(name, placeholder, help: help) { (value: OptionValue, target: inout Target) throws(UsageError) in set(&target, value.text) }
    }

    /// An option whose value is an integer in `range`.
    public static func integer(
        _ name: String, _ placeholder: String, help: String, in range: ClosedRange<Int>, set: @escaping @Sendable (inout Target, Int) -> Void
    ) -> Option {
        value(name, placeholder, help: help) { (value: OptionValue, target: inout Target) throws(UsageError) in
            set(&target, try value.integer(in: range))
        }
    }

    /// An option whose value is one of `choices`' names.
    public static func choice<Value: Sendable>(
        _ name: String, _ placeholder: String, help: String, _ choices: KeyValuePairs<String, Value>,
        set: @escaping @Sendable (inout Target, Value) -> Void
    ) -> Option {
        value(name, placeholder, help: help) { (value: OptionValue, target: inout Target) throws(UsageError) in
            set(&target, try value.choice(choices))
        }
    }

    /// An option without a value.
    public static func flag(_ name: String, help: String, set: @escaping @Sendable (inout Target) -> Void) -> Option {
        Option(name: name, placeholder: nil, help: help, action: .flag(set))
    }

    /// An option that ends the command line (`--version`).
    public static func stop(_ name: String, help: String) -> Option {
        Option(name: name, placeholder: nil, help: help, action: .stop)
    }

    /// `--help`, listed where the usage should show it.
    public static func help(_ help: String = "print this help") -> Option {
        Option(name: "--help", placeholder: nil, help: help, action: .help)
    }

    /// This option reading into the part of a larger target, at `path`.
    public func scoped<Outer>(to path: WritableKeyPath<Outer, Target> & Sendable) -> Option<Outer> {
        let outer: Option<Outer>.Action
        switch action {
        case .flag(let set): outer = .flag { set(&$0[keyPath: path]) }
        case .value(let read):
            outer = .value { (value: OptionValue, target: inout Outer) throws(UsageError) in try read(value, &target[keyPath: path]) }
        case .stop: outer = .stop
        case .help: outer = .help
        }
        return Option<Outer>(name: name, placeholder: placeholder, help: help, action: outer)
    }
}

/// A positional argument: the next one not an option fills it.
public struct Positional<Target>: Sendable {
    /// The placeholder in the usage (`TYPE`).
    public let name: String
    /// The message when it is not given; nil when it may be left out.
    public let missing: String?
    /// Stores it in the target.
    let set: @Sendable (inout Target, String) -> Void

    /// A positional argument called `name`, required with the message `missing` unless that is nil.
    public init(_ name: String, missing: String?, set: @escaping @Sendable (inout Target, String) -> Void) {
        self.name = name
        self.missing = missing
        self.set = set
    }
}
