/// A range of app versions, such as `>=2.3.0 <3.0.0`: comparators separated by spaces, all of
/// which must hold. A comparator is `>=`, `>`, `<=`, `<` or `=` followed by a semantic version,
/// or a bare version (meaning `=`). Precedence is SemVer 2.0.0's, so `<3.0.0` includes
/// `3.0.0-beta.1` (write `<3.0.0-0` to leave out 3.0.0's pre-releases); build metadata is ignored.
public struct AppVersionRange: Sendable, Hashable, CustomStringConvertible {
    /// How a comparator compares.
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        /// At least the version.
        case greaterThanOrEqual = ">="
        /// Above the version.
        case greaterThan = ">"
        /// At most the version.
        case lessThanOrEqual = "<="
        /// Below the version.
        case lessThan = "<"
        /// Exactly the version (build metadata aside).
        case equal = "="
    }

    /// One condition on the version.
    public struct Comparator: Sendable, Hashable, CustomStringConvertible {
        /// How it compares.
        public var op: Operator
        /// The version compared with.
        public var version: SemanticVersion

        /// Whether `candidate` satisfies it.
        public func matches(_ candidate: SemanticVersion) -> Bool {
            switch op {
            case .greaterThanOrEqual: candidate >= version
            case .greaterThan: candidate > version
            case .lessThanOrEqual: candidate <= version
            case .lessThan: candidate < version
            case .equal: candidate == version
            }
        }

        /// `>=2.3.0`.
        public var description: String { op.rawValue + version.description }
    }

    /// The longest range text read.
    public static let maxLength = 256
    /// The most comparators in one range.
    public static let maxComparators = 8

    /// The comparators, all of which must hold; never empty.
    public let comparators: [Comparator]

    /// Reads `text`, or throws naming what is wrong with it.
    public init(parsing text: String) throws(AppVersionRangeError) {
        guard text.utf8.count <= Self.maxLength else {
            throw AppVersionRangeError(message: "is longer than \(Self.maxLength) characters")
        }
        if text.contains("||") {
            throw AppVersionRangeError(message: "'\(text)' has '||': alternatives are not supported; give comparators that must all hold")
        }
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        guard !tokens.isEmpty else {
            throw AppVersionRangeError(message: "is empty: give one or more comparators, such as '>=2.3.0 <3.0.0'")
        }
        var comparators: [Comparator] = []
        while let token = tokens.popFirst() {
            var comparatorText = String(token)
            // `>= 2.3.0` reads as `>=2.3.0`.
            if Operator(rawValue: comparatorText) != nil, let version = tokens.popFirst() { comparatorText += version }
            comparators.append(try Self.comparator(comparatorText))
        }
        guard comparators.count <= Self.maxComparators else {
            throw AppVersionRangeError(message: "'\(text)' has \(comparators.count) comparators; at most \(Self.maxComparators) are allowed")
        }
        self.comparators = comparators
        if isEmpty { throw AppVersionRangeError(message: "'\(description)' matches no version: its lower bound is above its upper bound") }
    }

    /// Whether `version` is in the range.
    public func matches(_ version: SemanticVersion) -> Bool {
        comparators.allSatisfy { $0.matches(version) }
    }

    /// Whether an app's version (an `X-App-Version` header, read as `SemanticVersion(appVersion:)`)
    /// is in the range: a missing or malformed version never is.
    public func matches(appVersion: String?) -> Bool {
        guard let version = SemanticVersion(appVersion: appVersion) else { return false }
        return matches(version)
    }

    /// The comparators, one space apart: `>=2.3.0 <3.0.0`.
    public var description: String { comparators.map(\.description).joined(separator: " ") }

    private static func comparator(_ text: String) throws(AppVersionRangeError) -> Comparator {
        // Longest operator first, so that `>=` is not read as `>` followed by `=2.3.0`.
        let op = [Operator.greaterThanOrEqual, .lessThanOrEqual, .greaterThan, .lessThan, .equal].first { text.hasPrefix($0.rawValue) }
        let versionText = text.dropFirst(op?.rawValue.count ?? 0)
        guard !versionText.isEmpty else {
            throw AppVersionRangeError(message: "has '\(text)' without a version after it, such as '\(text)2.3.0'")
        }
        switch SemanticVersion.parse(versionText) {
        case .success(let version): return Comparator(op: op ?? .equal, version: version)
        case .failure(let error):
            let hint = op == nil && versionText.first.map { "<>=!~^".contains($0) } == true ? " (operators are >=, >, <=, < and =)" : ""
            throw AppVersionRangeError(message: "has '\(text)': \(error.description)\(hint)")
        }
    }

    /// Whether the tightest lower bound is above the tightest upper bound (or equal to it with
    /// either excluded), so that no version can match.
    private var isEmpty: Bool {
        var lower: Bound?
        var upper: Bound?
        for comparator in comparators {
            let bound = Bound(version: comparator.version, inclusive: comparator.op != .greaterThan && comparator.op != .lessThan)
            switch comparator.op {
            case .greaterThanOrEqual, .greaterThan: lower = Bound.tighterLower(lower, bound)
            case .lessThanOrEqual, .lessThan: upper = Bound.tighterUpper(upper, bound)
            case .equal:
                lower = Bound.tighterLower(lower, bound)
                upper = Bound.tighterUpper(upper, bound)
            }
        }
        guard let lower, let upper else { return false }
        return lower.version > upper.version || (lower.version == upper.version && !(lower.inclusive && upper.inclusive))
    }

    /// One end of the versions a range allows.
    private struct Bound {
        var version: SemanticVersion
        var inclusive: Bool

        static func tighterLower(_ current: Bound?, _ bound: Bound) -> Bound {
            guard let current else { return bound }
            if bound.version != current.version { return bound.version > current.version ? bound : current }
            return bound.inclusive ? current : bound
        }

        static func tighterUpper(_ current: Bound?, _ bound: Bound) -> Bound {
            guard let current else { return bound }
            if bound.version != current.version { return bound.version < current.version ? bound : current }
            return bound.inclusive ? current : bound
        }
    }
}

/// Why a text is not an app version range: a phrase naming the fault, which follows the field's
/// name in a 422's detail ("appVersions has '>=2.3': …").
public struct AppVersionRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// The message.
    public var description: String { message }
}
