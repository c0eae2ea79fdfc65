/// Text as a SQL `LIKE` pattern matches it, for the backends that search with `LIKE … ESCAPE '\'`.
package enum LikePattern {
    /// `text` with `LIKE`'s wildcards (`%`, `_`) and the escape character escaped by a backslash:
    /// a pattern that matches `text` literally.
    package static func escaped(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped
    }
}
