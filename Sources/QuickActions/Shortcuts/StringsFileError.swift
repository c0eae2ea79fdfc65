/// Why a `.strings` file was refused.
public struct StringsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line where the problem was found.
    public var line: Int
    /// What is wrong.
    public var reason: String

    /// Creates an error.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line N: REASON`.
    public var description: String { "line \(line): \(reason)" }
}
