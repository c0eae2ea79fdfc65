/// A translation file that was found but not read, as iOS would not read it either: a name
/// that differs from `InfoPlist.strings` only in case, an unreadable or malformed file, or a
/// table another file already gives. Reported by `lint` and in the start-up log.
public struct SkippedLocalizationFile: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// Why it was skipped.
    public var reason: String

    /// Creates a record of a skipped file.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// `PATH: skipped: REASON`.
    public var description: String { "\(path): skipped: \(reason)" }
}
