import Foundation

/// Folds text so that search ignores case and diacritics: `Ångström` and `angstrom` meet.
public enum SearchFolding {
    /// The folded form of `text`, in NFC so that equal text is equal bytes.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased().precomposedStringWithCanonicalMapping
    }

    /// Whether folded `key` contains folded `query` as a run of bytes: the comparison SQLite
    /// makes on the stored key, so every store finds the same contacts.
    public static func contains(_ key: String, _ query: String) -> Bool {
        let haystack = Array(key.utf8)
        let needle = Array(query.utf8)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    /// The folded text a contact is searched by: name and email, separated so that a
    /// query cannot match across the boundary.
    public static func key(name: String, email: String?) -> String {
        fold(name) + "\u{1F}" + fold(email ?? "")
    }
}
