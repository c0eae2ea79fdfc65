/// A `$(NAME)` reference `BuildSettings.expand` left as it was, and why.
public struct UnexpandedBuildSetting: Sendable, Hashable {
    /// Why a reference was not expanded.
    public enum Reason: Sendable, Hashable {
        /// No value for the setting was given.
        case notSet
        /// The reference has a modifier other than `BuildSettings.modifiers`.
        case unsupportedModifier
        /// The setting's value refers back to it: the settings in the order they refer to
        /// each other, the first repeated last (`["A", "B", "A"]`, or `["A", "A"]`).
        case cycle([String])
        /// References nested deeper than `BuildSettings.maxDepth`.
        case tooDeep
    }

    /// The setting's name.
    public var name: String
    /// Why it was left.
    public var reason: Reason

    /// Creates a record of a reference left unexpanded.
    public init(name: String, reason: Reason) {
        self.name = name
        self.reason = reason
    }

    /// Why, as the end of a sentence about the reference ("uses the build setting NAME, …").
    public var explanation: String {
        switch reason {
        case .notSet:
            "which is not set: pass --build-setting \(name)=VALUE (as in the Xcode target's build settings)"
        case .unsupportedModifier:
            "with a modifier that is not supported (only \(BuildSettings.modifiers.joined(separator: ", ")))"
        case .cycle(let names):
            "whose value refers back to itself: the build settings form a cycle, \(names.joined(separator: " → "))"
        case .tooDeep:
            "whose value nests references more than \(BuildSettings.maxDepth) levels deep"
        }
    }
}
