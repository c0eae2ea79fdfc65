/// Why an Android source (`res/xml/shortcuts.xml` and its `res/values*/` strings) was refused:
/// every problem found, each naming the file, the line and the shortcut or string. Start-up
/// stops on it; `lint` lists every problem.
public struct AndroidSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The problems, in file order.
    public var problems: [AndroidSourceProblem]

    /// Creates an error from at least one problem.
    public init(problems: [AndroidSourceProblem]) {
        self.problems = problems
    }

    /// Creates an error from one problem.
    public init(_ problem: AndroidSourceProblem) {
        problems = [problem]
    }

    /// One problem per line.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// One problem of an Android source.
public struct AndroidSourceProblem: Sendable, Equatable, CustomStringConvertible {
    /// The kind of problem, for callers and tests.
    public enum Kind: String, Sendable, Hashable {
        /// The file or folder cannot be read (missing, not a regular file, too large).
        case unreadable
        /// Not well-formed XML, not UTF-8, or past the reader's limits (entities, nesting).
        case malformed
        /// A well-formed file that is not what was expected (no `<shortcuts>` root).
        case notShortcuts
        /// A `<shortcut>` without `android:shortcutId` or `android:shortcutShortLabel`, or an
        /// enabled one without an `<intent>` (or an intent without `android:action`).
        case missingAttribute
        /// A literal where Android demands a string resource (a label), or a resource where it
        /// demands a literal (`android:shortcutId`).
        case wrongValueKind
        /// An `@string/` reference that no `values*/` file defines.
        case undefinedString
        /// Two shortcuts with the same id.
        case duplicateID
        /// A value that cannot be read (a bad escape, an unpaired surrogate, a bad colour…).
        case invalidValue
    }

    /// The kind of problem.
    public var kind: Kind
    /// The file at fault.
    public var file: String
    /// The 1-based line, when known.
    public var line: Int?
    /// The shortcut's id, when the problem is about one (and it has one).
    public var shortcutID: String?
    /// The string resource's name, when the problem is about one.
    public var stringName: String?
    /// What is wrong.
    public var reason: String

    /// Creates a problem.
    public init(kind: Kind, file: String, line: Int? = nil, shortcutID: String? = nil, stringName: String? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.shortcutID = shortcutID
        self.stringName = stringName
        self.reason = reason
    }

    /// `FILE:LINE: shortcut "ID": REASON` (or `string "NAME": `), parts left out when unknown.
    public var description: String {
        let location = file + (line.map { ":\($0)" } ?? "")
        let subject = shortcutID.map { "shortcut \"\($0)\": " } ?? stringName.map { "string \"\($0)\": " } ?? ""
        return "\(location): \(subject)\(reason)"
    }
}
