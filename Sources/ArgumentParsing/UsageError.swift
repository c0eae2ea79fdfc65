/// A command line the program cannot run, in words for the person who typed it.
///
/// Every message follows one style: what is wrong, then what was given. The parser's own are
/// "unknown option '--x'", "unexpected argument 'x'", "--port needs a value", "--no-seed takes
/// no value" and "--port must be an integer from 0 to 65535, not 'x'" (`OptionValue.refused`);
/// within a subcommand they begin with its name ("lint: unknown option '--x'"). A program prints
/// the error after its own name, with the usage, on stderr, and exits with its usage status.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }

    /// This error said of `command`'s arguments ("lint: …"); unchanged at the top level (nil).
    func within(_ command: String?) -> UsageError {
        command.map { UsageError("\($0): \(description)") } ?? self
    }
}
