/// The languages of a `LocalizationCatalog`, for `Accept-Language` negotiation: what a request
/// needs of the catalog, without the translations.
public struct LanguageNegotiator: Sendable, Equatable {
    /// Each language by its lower-cased tag (built once, not per request).
    let languagesByFoldedTag: [String: String]

    /// A negotiator over `languages` (tags as the catalog names them).
    public init(languages: some Sequence<String>) {
        var byFoldedTag: [String: String] = [:]
        for language in languages.sorted() { byFoldedTag[language.lowercased()] = language }
        languagesByFoldedTag = byFoldedTag
    }

    /// The language to answer an `Accept-Language` field with, or nil for "use Info.plist's
    /// own text" (no field, no match, or only `*`).
    ///
    /// RFC 9110 §12.5.4 weights, with RFC 4647 §3.4 lookup: ranges are tried by weight,
    /// highest first, ties in header order; each is tried as is, then with its last subtag
    /// removed (`fr-CH` → `fr`, dropping a dangling single-letter subtag such as `x`), matched
    /// case-insensitively. `q=0` excludes that range and every tag it prefixes (`fr;q=0`
    /// excludes `fr-CA`, also when reached from `fr-CH`), unless a more specific range with a
    /// weight names the tag (`fr;q=0, fr-CA` still accepts `fr-CA`). `*` is skipped, as RFC 4647
    /// lookup says: it conveys no preference, and the default (Info.plist's text) is what
    /// lookup returns when the list runs out.
    public func negotiate(acceptLanguage: String?) -> String? {
        guard let acceptLanguage, !languagesByFoldedTag.isEmpty else { return nil }
        let ranges = LanguageRange.parse(acceptLanguage)
        let excluded = ranges.filter { $0.quality == 0 && $0.range != "*" }.map(\.range)
        let wanted = ranges.enumerated()
            .filter { $0.element.quality > 0 && $0.element.range != "*" }
            .sorted { $0.element.quality != $1.element.quality ? $0.element.quality > $1.element.quality : $0.offset < $1.offset }
            .map(\.element.range)
        let byFoldedTag = languagesByFoldedTag

        for range in wanted {
            var subtags = range.split(separator: "-").map(String.init)
            while !subtags.isEmpty {
                let candidate = subtags.joined(separator: "-")
                if let language = byFoldedTag[candidate], !Self.isExcluded(candidate, excluded: excluded, wanted: wanted) {
                    return language
                }
                subtags.removeLast()
                while let last = subtags.last, last.count == 1 { subtags.removeLast() }
            }
        }
        return nil
    }

    /// Whether a `q=0` range matches `tag` and no longer range with a weight also does.
    private static func isExcluded(_ tag: String, excluded: [String], wanted: [String]) -> Bool {
        guard let strongest = excluded.filter({ matches($0, tag) }).map(\.count).max() else { return false }
        return !wanted.contains { matches($0, tag) && $0.count > strongest }
    }

    /// Whether `range` matches `tag` as a basic filter (RFC 4647 §3.3.1); both lowercased.
    private static func matches(_ range: String, _ tag: String) -> Bool {
        tag == range || tag.hasPrefix(range + "-")
    }
}
