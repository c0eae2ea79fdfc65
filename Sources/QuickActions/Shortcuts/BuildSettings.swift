/// Xcode build settings, for expanding the `$(NAME)` and `${NAME}` references a source
/// Info.plist holds (`$(PRODUCT_BUNDLE_IDENTIFIER).NewTab`, `$(DEVELOPMENT_LANGUAGE)`) the
/// way Xcode does when it builds the app's Info.plist.
public struct BuildSettings: Sendable, Equatable {
    /// Settings every Xcode project has a value for, used unless given: Xcode's own default.
    public static let defaults = ["DEVELOPMENT_LANGUAGE": "en"]
    /// The modifiers understood after a colon: `$(PRODUCT_NAME:rfc1034identifier)`.
    public static let modifiers = ["rfc1034identifier", "lower", "upper"]
    /// References nested deeper than this (`A=$(B)`, `B=$(C)`, …) are left unexpanded.
    static let maxDepth = 8

    /// The values by name, the defaults included.
    public let values: [String: String]

    /// The settings `values` gives, on top of `defaults`.
    public init(_ values: [String: String] = [:]) {
        self.values = Self.defaults.merging(values) { _, given in given }
    }

    /// `text` with every reference to a known setting replaced, and the references left as
    /// they were (unknown settings, unknown modifiers, cycles), in order, once per name.
    public func expand(_ text: String) -> (text: String, unexpanded: [UnexpandedBuildSetting]) {
        var unexpanded: [UnexpandedBuildSetting] = []
        let expanded = expand(text, chain: [], unexpanded: &unexpanded)
        return (expanded, unexpanded)
    }

    /// `text` expanded inside the values of `chain` (the settings being expanded, outermost first).
    private func expand(_ text: String, chain: [String], unexpanded: inout [UnexpandedBuildSetting]) -> String {
        guard text.contains("$") else { return text }
        let characters = Array(text)
        var output = ""
        var index = 0
        while index < characters.count {
            guard let reference = Self.reference(in: characters, at: index) else {
                output.append(characters[index])
                index += 1
                continue
            }
            let original = String(characters[index..<reference.end])
            index = reference.end
            let reason: UnexpandedBuildSetting.Reason
            if let value = values[reference.name] {
                if let start = chain.firstIndex(of: reference.name) {
                    reason = .cycle(chain[start...] + [reference.name])
                } else if chain.count >= Self.maxDepth {
                    reason = .tooDeep
                } else if let modified = Self.apply(reference.modifiers, to: expand(value, chain: chain + [reference.name], unexpanded: &unexpanded))
                {
                    output += modified
                    continue
                } else {
                    reason = .unsupportedModifier
                }
            } else {
                reason = .notSet
            }
            output += original
            if !unexpanded.contains(where: { $0.name == reference.name }) {
                unexpanded.append(UnexpandedBuildSetting(name: reference.name, reason: reason))
            }
        }
        return output
    }

    /// The reference starting at `index` (`$(` or `${`, a name, optional `:modifier`s, the
    /// matching close), or nil when none does.
    private static func reference(in characters: [Character], at index: Int) -> (name: String, modifiers: [String], end: Int)? {
        guard characters[index] == "$", index + 1 < characters.count else { return nil }
        let close: Character
        switch characters[index + 1] {
        case "(": close = ")"
        case "{": close = "}"
        default: return nil
        }
        var end = index + 2
        while end < characters.count, characters[end] != close {
            // A nested reference or a stray opener: not something we expand.
            guard characters[end] != "$", characters[end] != "(", characters[end] != "{" else { return nil }
            end += 1
        }
        guard end < characters.count else { return nil }
        let parts = String(characters[(index + 2)..<end]).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let name = parts.first, isName(name) else { return nil }
        return (name, Array(parts.dropFirst()), end + 1)
    }

    /// Whether `name` is a build setting name: a letter or `_`, then letters, digits or `_`.
    public static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCIILetter || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" }
    }

    /// `value` through each modifier in turn, or nil when one is not supported.
    private static func apply(_ modifiers: [String], to value: String) -> String? {
        var result = value
        for modifier in modifiers {
            switch modifier {
            case "lower": result = result.lowercased()
            case "upper": result = result.uppercased()
            case "rfc1034identifier":
                // Xcode keeps letters, digits, '-' and '.', and turns anything else into '-'.
                result = String(
                    String.UnicodeScalarView(
                        result.unicodeScalars.map { $0.isASCIILetter || $0.isASCIIDigit || $0 == "-" || $0 == "." ? $0 : "-" }))
            default: return nil
            }
        }
        return result
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
