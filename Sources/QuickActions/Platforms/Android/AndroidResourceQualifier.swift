/// The language of a `values*` folder, and the folder for a language: Android's qualifier names
/// (`values-de`, `values-pt-rBR`, `values-b+sr+Latn`) against BCP 47 tags (`de`, `pt-BR`, `sr-Latn`).
public enum AndroidResourceQualifier {
    /// Android's legacy codes, which it still writes for these languages (and `aapt` accepts).
    static let legacyCodes = ["he": "iw", "id": "in", "yi": "ji"]

    /// What a `values*` folder name says: its language (nil for none) and whether it has other
    /// qualifiers (`-v29`, `-night`, `-land`…); nil when the name is not a `values` folder or
    /// not one Android could read (`values-sr-rLatn`).
    public static func parse(folder name: String) -> (language: String?, hasOtherQualifiers: Bool)? {
        guard name == "values" || name.hasPrefix("values-") else { return nil }
        var tokens = name.split(separator: "-", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard !tokens.contains(where: \.isEmpty) else { return nil }
        while let first = tokens.first, isMobileCode(first) { tokens.removeFirst() }
        guard let first = tokens.first else { return (nil, false) }
        if first.hasPrefix("b+") {
            guard let tag = languageTag(bcp47Qualifier: first) else { return nil }
            return (tag, tokens.count > 1)
        }
        guard isLanguage(first) else {
            // The qualifiers Android puts after the language cannot pass for one: no language.
            return tokens.contains(where: isRegion) ? nil : (nil, true)
        }
        var tag = canonicalLanguage(first)
        var rest = tokens.dropFirst()
        if let region = rest.first, isRegion(region) {
            tag += "-" + region.dropFirst()
            rest = rest.dropFirst()
        } else if let next = rest.first, next.first == "r", next.dropFirst().first?.isUppercase == true {
            // `values-sr-rLatn`: a region that is not one (aapt refuses the folder).
            return nil
        }
        return (tag, !rest.isEmpty)
    }

    /// The folder suffix for `tag`: `de`, `pt-rBR`, `iw` for `he`, or the `b+` form for a tag
    /// with a script, a numeric region or variants (`b+sr+Latn`, `b+es+419`, `b+zh+Hant+TW`).
    /// Throws for a tag that no qualifier can name (extensions, private use, malformed).
    static func folderSuffix(forLanguageTag tag: String) throws(AndroidText.Failure) -> String {
        let refusal = AndroidText.Failure(reason: "the language tag \"\(tag)\" cannot be an Android resource qualifier")
        guard LanguageRange.isWellFormedTag(tag) else { throw refusal }
        let subtags = tag.split(separator: "-").map(String.init)
        guard let language = subtags.first, (2...8).contains(language.count) else { throw refusal }
        var parts = [language.lowercased()]
        var sawScript = false
        var sawRegion = false
        for subtag in subtags.dropFirst() {
            if subtag.count == 4, subtag.allSatisfy(\.isLetter), !sawScript, !sawRegion {
                parts.append(subtag.prefix(1).uppercased() + subtag.dropFirst().lowercased())
                sawScript = true
            } else if (subtag.count == 2 && subtag.allSatisfy(\.isLetter)) || (subtag.count == 3 && subtag.allSatisfy(\.isNumber)), !sawRegion {
                parts.append(subtag.uppercased())
                sawRegion = true
            } else if (5...8).contains(subtag.count) || (subtag.count == 4 && subtag.first?.isNumber == true) {
                parts.append(subtag.lowercased())
                sawRegion = true
            } else {
                throw refusal
            }
        }
        let legacy = language.count <= 3 && (parts.count == 1 || (parts.count == 2 && parts[1].count == 2 && parts[1].allSatisfy(\.isLetter)))
        guard legacy else { return "b+" + parts.joined(separator: "+") }
        let code = legacyCodes[parts[0]] ?? parts[0]
        return parts.count == 1 ? code : "\(code)-r\(parts[1])"
    }

    /// `mcc310`, `mnc004`: the mobile country and network codes that may precede the language.
    static func isMobileCode(_ token: String) -> Bool {
        (token.hasPrefix("mcc") || token.hasPrefix("mnc")) && token.count > 3 && token.dropFirst(3).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Two or three lower-case ASCII letters.
    static func isLanguage(_ token: String) -> Bool {
        (2...3).contains(token.count) && token.allSatisfy { $0.isASCII && $0.isLowercase }
    }

    /// `rDE` or `r419`.
    static func isRegion(_ token: String) -> Bool {
        guard token.first == "r" else { return false }
        let region = token.dropFirst()
        return (region.count == 2 && region.allSatisfy { $0.isASCII && $0.isUppercase })
            || (region.count == 3 && region.allSatisfy { $0.isASCII && $0.isNumber })
    }

    /// `he` for `iw` (and the other legacy codes), otherwise the code.
    static func canonicalLanguage(_ code: String) -> String {
        legacyCodes.first { $0.value == code }?.key ?? code
    }

    /// The tag of a `b+sr+Latn` qualifier, or nil.
    static func languageTag(bcp47Qualifier token: String) -> String? {
        let subtags = token.dropFirst(2).split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let language = subtags.first, !language.isEmpty else { return nil }
        let tag = ([canonicalLanguage(language.lowercased())] + subtags.dropFirst()).joined(separator: "-")
        return LanguageRange.isWellFormedTag(tag) ? tag : nil
    }
}
