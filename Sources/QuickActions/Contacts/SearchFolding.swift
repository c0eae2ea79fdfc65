import Foundation

/// Folds text so that search ignores case and diacritics: `Ångström` and `angstrom` meet.
public enum SearchFolding {
    /// The folded form of `text`, in NFC so that equal text is equal bytes.
    public static func fold(_ text: String) -> String {
        // ASCII text (most names, nearly every email) only needs lower-casing, and Foundation's
        // folding would convert it to UTF-16 and back: on the write path that was most of the
        // request's own cost. Both give the same result (tested over every ASCII character).
        var ascii = true
        for byte in text.utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        return ascii ? asciiFold(text) : foundationFold(text)
    }

    /// `text`, all ASCII, lower-cased.
    static func asciiFold(_ text: String) -> String {
        StringBytes.withBytes(of: text) { bytes in
            StringBytes.string(utf8Count: bytes.count) { folded in
                for index in bytes.indices {
                    let byte = bytes[index]
                    folded[index] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
            }
        }
    }

    /// The general folding, for any text.
    static func foundationFold(_ text: String) -> String {
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
