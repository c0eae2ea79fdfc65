/// Why a `.strings` file was refused.
public struct StringsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line where the problem was found.
    public var line: Int
    /// What is wrong.
    public var reason: String
    /// Whether the file holds text no list may carry (a control character, see `OperatorText`)
    /// rather than text iOS could not read: loaders that skip a file iOS would skip stop on it.
    public var isRefusal: Bool

    /// Creates an error.
    public init(line: Int, reason: String, isRefusal: Bool = false) {
        self.line = line
        self.reason = reason
        self.isRefusal = isRefusal
    }

    /// `line N: REASON`.
    public var description: String { "line \(line): \(reason)" }
}
