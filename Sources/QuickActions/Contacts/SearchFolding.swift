import Foundation

/// Folds text so that search ignores case and diacritics: `Ångström` and `angstrom` meet.
public enum SearchFolding {
    /// The folded form of `text`.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .lowercased()
    }

    /// The folded text a contact is searched by: name and email, separated so that a
    /// query cannot match across the boundary.
    public static func key(name: String, email: String?) -> String {
        fold(name) + "\u{1F}" + fold(email ?? "")
    }
}
