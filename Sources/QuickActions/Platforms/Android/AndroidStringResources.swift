/// The string resources of an Android `res/` folder: every `<string>` of every XML file in its
/// `values*/` folders, read with Android's rules (`AndroidText`), per language.
///
/// Folders map to languages as `AndroidResourceQualifier` says (`values` is the default, no
/// language). A folder with other qualifiers too (`values-v29`, `values-de-night`) only fills
/// names its language's plain folder lacks: the unversioned text wins. A string that refers to
/// another (`@string/other`) takes that string's text in the same language. Looking a name up
/// follows Android's fallback: the language, its parents (`pt-BR`, then `pt`), the default.
public struct AndroidStringResources: Sendable, Equatable {
    /// One string as read.
    public struct Entry: Sendable, Equatable {
        /// The text Android shows.
        public var text: String
        /// The file that defines it.
        public var file: String
        /// Its line there.
        public var line: Int
    }

    /// The default strings (`values/`), by name.
    public internal(set) var defaultStrings: [String: Entry]
    /// Each language's own strings (what its folders define, without fallback), by tag.
    public internal(set) var languageStrings: [String: [String: Entry]]
    /// Strings that could not be read or resolved (a bad escape, an unpaired surrogate, a
    /// reference to an undefined string): not fatal unless a shortcut uses one.
    public internal(set) var problems: [AndroidSourceProblem]
    /// `values*` folders that were not read, each with why.
    public internal(set) var skippedFolders: [SkippedLocalizationFile]
    /// The problem of each string that could not be resolved, by `language|name` (`|name` for the default).
    var unresolved: [String: AndroidSourceProblem]

    /// The languages with strings of their own, sorted.
    public var languages: [String] { languageStrings.keys.sorted() }

    /// The text Android shows for the string `name` on a device in `language` (nil: the default).
    public func text(_ name: String, language: String?) -> String? {
        entry(name, language: language)?.text
    }

    /// The entry Android uses for `name` in `language`, following the fallback chain.
    public func entry(_ name: String, language: String?) -> Entry? {
        for tag in Self.fallbackChain(language) {
            if let entry = tag.map({ languageStrings[$0]?[name] }) ?? defaultStrings[name] { return entry }
        }
        return nil
    }

    /// Why `name` has no text in `language`: its own problem if it was defined but could not be
    /// read, otherwise nil (it is not defined).
    func problem(for name: String, language: String?) -> AndroidSourceProblem? {
        for tag in Self.fallbackChain(language) {
            if let problem = unresolved["\(tag ?? "")|\(name)"] { return problem }
        }
        return nil
    }

    /// `language`, its parents, then nil (the default): `pt-BR`, `pt`, nil.
    static func fallbackChain(_ language: String?) -> [String?] {
        guard let language else { return [nil] }
        var chain: [String?] = []
        var subtags = language.split(separator: "-").map(String.init)
        while !subtags.isEmpty {
            chain.append(subtags.joined(separator: "-"))
            subtags.removeLast()
        }
        return chain + [nil]
    }

    /// The strings as iOS-style translation tables, keyed by string name: each language's table
    /// holds every name with the text Android would show in it (so a missing translation shows
    /// the default text, as on Android), and `defaultLanguage` (the language `values/` is
    /// written in) holds the default text. `defaultLanguage` is also the source language.
    public func catalog(defaultLanguage: String) -> LocalizationCatalog {
        var names = Set(defaultStrings.keys)
        for table in languageStrings.values { names.formUnion(table.keys) }
        var tables: [String: [String: String]] = [:]
        for language in Set(languageStrings.keys + [defaultLanguage]) {
            var table: [String: String] = [:]
            for name in names {
                if let text = text(name, language: language) { table[name] = text }
            }
            tables[language] = table
        }
        return LocalizationCatalog(tables: tables, sourceLanguage: defaultLanguage, skippedFiles: skippedFolders)
    }
}
