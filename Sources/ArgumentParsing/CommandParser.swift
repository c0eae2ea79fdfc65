/// Reads one command's arguments into a `Target`: `--flag`, `--flag value`, `--flag=value`,
/// positional arguments in order, and `--help` or `-h` anywhere (what follows is not read).
///
/// An argument that begins with `-` (but is not `-` alone) is an option; a value is the part
/// after the first `=` or else the next argument, whatever it begins with.
public struct CommandParser<Target>: Sendable {
    /// How a command line ended.
    public enum Outcome: Sendable, Equatable {
        /// Every argument was read.
        case parsed
        /// `--help` or `-h`: print this command's usage, exit 0.
        case help
        /// An option made with `Option.stop` (`--version`), by its name.
        case stopped(String)
    }

    /// The command's name in messages ("lint", "export web"); nil at the top level.
    public let command: String?
    /// The options it takes.
    public let options: [Option<Target>]
    /// Its positional arguments, in order.
    public let positionals: [Positional<Target>]

    /// A parser for `command` taking `options` and `positionals`.
    public init(command: String? = nil, options: [Option<Target>], positionals: [Positional<Target>] = []) {
        self.command = command
        self.options = options
        self.positionals = positionals
    }

    /// Reads `arguments` (the command's own, without its name) into `target`.
    public func parse(_ arguments: some Collection<String>, into target: inout Target) throws(UsageError) -> Outcome {
        var remaining = ArraySlice(arguments)
        var filled = 0
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { return .help }
            guard argument.hasPrefix("-"), argument != "-" else {
                guard filled < positionals.count else { throw UsageError("unexpected argument '\(argument)'").within(command) }
                positionals[filled].set(&target, argument)
                filled += 1
                continue
            }
            let (name, inline) = Self.split(argument)
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '\(name)'").within(command)
            }
            if let stopped = try read(option, inline, from: &remaining, into: &target) { return stopped }
        }
        if let missing = positionals.dropFirst(filled).lazy.compactMap(\.missing).first { throw UsageError(missing) }
        return .parsed
    }

    /// Applies `option` given with `inline` (the part after `=`) or the next argument as its
    /// value; an outcome when the option ends the command line.
    private func read(
        _ option: Option<Target>, _ inline: String?, from remaining: inout ArraySlice<String>, into target: inout Target
    ) throws(UsageError) -> Outcome? {
        guard case .value(let apply) = option.action else {
            if inline != nil { throw UsageError("\(option.name) takes no value").within(command) }
            switch option.action {
            case .flag(let set): set(&target)
            case .stop: return .stopped(option.name)
            case .help, .value: return .help
            }
            return nil
        }
        guard let text = inline ?? remaining.popFirst() else { throw UsageError("\(option.name) needs a value").within(command) }
        do {
            try apply(OptionValue(option: option.name, text: text), &target)
        } catch {
            throw error.within(command)
        }
        return nil
    }

    /// `--name=value` split at its first `=`; any other argument whole, without a value.
    static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
