/// Why a localizations directory was refused; the description names the file (and line).
public struct LocalizationCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The directory or `InfoPlist.strings` file at fault.
    public var path: String
    /// The 1-based line in that file, for syntax errors.
    public var line: Int?
    /// What is wrong.
    public var reason: String
    /// Whether the file was refused for what it is (see `FileContents.Failure.isRefusal`) or
    /// for text no list may carry (a control character), not skipped as iOS would skip it.
    public var isRefusal: Bool

    /// Creates an error.
    public init(path: String, line: Int? = nil, reason: String, isRefusal: Bool = false) {
        self.path = path
        self.line = line
        self.reason = reason
        self.isRefusal = isRefusal
    }

    /// `PATH:LINE: REASON` (or `PATH: REASON`).
    public var description: String {
        if let line { return "\(path):\(line): \(reason)" }
        return "\(path): \(reason)"
    }
}
