/// A semantic version (SemVer 2.0.0): `major.minor.patch`, an optional pre-release, and build
/// metadata, which is read and then ignored (it plays no part in precedence or equality).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One dot-separated pre-release identifier.
    public enum Identifier: Sendable, Hashable, Comparable {
        /// Digits only, without a leading zero (compared as numbers, of any length).
        case numeric(String)
        /// Letters, digits and hyphens, not all digits (compared byte by byte in ASCII).
        case alphanumeric(String)

        /// Numeric identifiers come before alphanumeric ones (SemVer 2.0.0 §11.4.3).
        public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
            switch (lhs, rhs) {
            case (.numeric(let left), .numeric(let right)):
                left.utf8.count != right.utf8.count ? left.utf8.count < right.utf8.count : left.utf8.lexicographicallyPrecedes(right.utf8)
            case (.numeric, .alphanumeric): true
            case (.alphanumeric, .numeric): false
            case (.alphanumeric(let left), .alphanumeric(let right)): left.utf8.lexicographicallyPrecedes(right.utf8)
            }
        }

        var text: String {
            switch self {
            case .numeric(let text), .alphanumeric(let text): text
            }
        }
    }

    /// The major version.
    public var major: Int
    /// The minor version.
    public var minor: Int
    /// The patch version.
    public var patch: Int
    /// The pre-release identifiers; empty for a release.
    public var preRelease: [Identifier]

    /// Longest version text read (an app version header or a bound in a range).
    public static let maxLength = 128

    /// A version from its parts.
    public init(major: Int, minor: Int, patch: Int, preRelease: [Identifier] = []) {
        self.major = major
        self.minor = minor
        self.patch = patch
        self.preRelease = preRelease
    }

    /// `text` as a SemVer 2.0.0 version (`2.3.0`, `3.0.0-beta.2+build.7`), or the reason it is
    /// not one, as a phrase ("needs major.minor.patch, such as 2.3.0").
    public static func parse(_ text: some StringProtocol) -> Result<SemanticVersion, SemanticVersionError> {
        parse(String(text), coreParts: 3...3)
    }

    /// An app's own version (an `X-App-Version` header), or nil when missing or malformed. Like
    /// `parse`, except that a release may leave out its minor and patch numbers (`2.3` is
    /// 2.3.0): iOS's `CFBundleShortVersionString` is one to three integers.
    public init?(appVersion: String?) {
        guard let appVersion, case .success(let version) = Self.parse(appVersion, coreParts: 1...3) else { return nil }
        self = version
    }

    /// Precedence (SemVer 2.0.0 §11): numbers first; then a pre-release comes before its
    /// release, and pre-releases compare identifier by identifier, a longer list last.
    public static func < (lhs: SemanticVersion, rhs: SemanticVersion) -> Bool {
        if lhs.major != rhs.major { return lhs.major < rhs.major }
        if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
        if lhs.patch != rhs.patch { return lhs.patch < rhs.patch }
        switch (lhs.preRelease.isEmpty, rhs.preRelease.isEmpty) {
        case (true, _): return false
        case (false, true): return true
        case (false, false): return lhs.preRelease.lexicographicallyPrecedes(rhs.preRelease)
        }
    }

    /// `major.minor.patch[-pre.release]`, without build metadata.
    public var description: String {
        let core = "\(major).\(minor).\(patch)"
        return preRelease.isEmpty ? core : core + "-" + preRelease.map(\.text).joined(separator: ".")
    }

    private static func parse(_ text: String, coreParts: ClosedRange<Int>) -> Result<SemanticVersion, SemanticVersionError> {
        do {
            return .success(try read(text, coreParts: coreParts))
        } catch {
            return .failure(SemanticVersionError(text: text, reason: error.phrase))
        }
    }

    /// What is wrong with a version text, as a phrase.
    private struct Fault: Error {
        var phrase: String
    }

    private static func read(_ text: String, coreParts: ClosedRange<Int>) throws(Fault) -> SemanticVersion {
        guard !text.isEmpty else { throw Fault(phrase: "is empty") }
        guard text.utf8.count <= maxLength else { throw Fault(phrase: "is longer than \(maxLength) characters") }
        let withoutBuild = text.split(separator: "+", maxSplits: 1, omittingEmptySubsequences: false)
        if withoutBuild.count == 2, let problem = buildProblem(withoutBuild[1]) { throw Fault(phrase: problem) }
        let parts = withoutBuild[0].split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ".", omittingEmptySubsequences: false)
        let strict = parts.count == 2 || withoutBuild.count == 2
        guard strict ? numbers.count == 3 : coreParts.contains(numbers.count) else {
            throw Fault(phrase: "needs major.minor.patch, such as 2.3.0")
        }
        var core: [Int] = []
        for number in numbers { core.append(try numericValue(number)) }
        while core.count < 3 { core.append(0) }
        let preRelease = parts.count == 2 ? try identifiers(parts[1]) : []
        return SemanticVersion(major: core[0], minor: core[1], patch: core[2], preRelease: preRelease)
    }

    private static func numericValue(_ text: Substring) throws(Fault) -> Int {
        guard !text.isEmpty, text.utf8.allSatisfy(isDigit) else {
            throw Fault(phrase: "has '\(text)' where a number belongs (major.minor.patch are digits)")
        }
        guard text == "0" || text.first != "0" else { throw Fault(phrase: "has the number '\(text)' with a leading zero") }
        guard let value = Int(text) else { throw Fault(phrase: "has the number '\(text)', which is too large") }
        return value
    }

    private static func identifiers(_ text: Substring) throws(Fault) -> [Identifier] {
        var list: [Identifier] = []
        for identifier in text.split(separator: ".", omittingEmptySubsequences: false) {
            guard !identifier.isEmpty, identifier.utf8.allSatisfy(isIdentifierByte) else {
                throw Fault(phrase: "has a pre-release identifier '\(identifier)' that is empty or not made of letters, digits and hyphens")
            }
            if identifier.utf8.allSatisfy(isDigit) {
                guard identifier == "0" || identifier.first != "0" else {
                    throw Fault(phrase: "has the numeric pre-release identifier '\(identifier)' with a leading zero")
                }
                list.append(.numeric(String(identifier)))
            } else {
                list.append(.alphanumeric(String(identifier)))
            }
        }
        return list
    }

    private static func buildProblem(_ text: Substring) -> String? {
        let valid = text.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy(isIdentifierByte) }
        return valid ? nil : "has build metadata '\(text)' with an identifier that is empty or not made of letters, digits and hyphens"
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-")
    }
}

/// Why a text is not a semantic version.
public struct SemanticVersionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text read.
    public var text: String
    /// What is wrong, as a phrase that follows the text ("needs major.minor.patch, such as 2.3.0").
    public var reason: String

    /// `'2.3' is not a semantic version: it needs major.minor.patch, such as 2.3.0`.
    public var description: String { "'\(text)' is not a semantic version: it \(reason)" }
}
