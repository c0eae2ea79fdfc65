/// A command-line mistake: printed with the usage, exit status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
}
