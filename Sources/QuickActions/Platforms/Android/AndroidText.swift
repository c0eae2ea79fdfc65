/// Text as Android's resource compiler reads it from `res/` XML, and as we write it so that it
/// reads back the same (see `AndroidText+Reading` and `AndroidText+Writing`).
///
/// The rules are those of `aapt` (`ResTable::collectString` and `stringToValue` in
/// libandroidfw, `XMLNode::removeWhitespace` and `parseStyledString` in aapt), checked against
/// `aapt dump --values resources` on this project's fixtures:
/// - in a `<string>`, runs of white space outside double quotes read as one space, and leading
///   and trailing white space is trimmed; `"…"` keeps what it encloses and the quotes vanish;
/// - `\n`, `\t`, `\uXXXX`, `\\`, `\'`, `\"`, `\@`, `\?` and `\#` are escapes, any other
///   escaped character is dropped;
/// - a value that starts with `@` or `?` is a reference, not text;
/// - in an attribute, white space and quotes are kept as they are; the escapes still apply.
enum AndroidText {
    /// Why a text could not be read or written.
    struct Failure: Error, Sendable, Equatable {
        /// What is wrong, for people.
        var reason: String
    }

    /// White space as `isspace16` sees it: ASCII tab, line feed, vertical tab, form feed,
    /// carriage return and space.
    static func isSpace(_ unit: UInt16) -> Bool { unit == 0x20 || (0x09...0x0D).contains(unit) }

    /// The namespace of `android:` attributes.
    static let androidNamespace = "http://schemas.android.com/apk/res/android"
    /// The XLIFF namespace, whose elements (`<xliff:g>`) mark text translators must keep.
    static let xliffNamespace = "urn:oasis:names:tc:xliff:document:1.2"

    /// `units` as a String, refusing unpaired surrogates (which `\uD83D` alone produces).
    static func string(fromUTF16 units: [UInt16]) throws(Failure) -> String {
        var result = ""
        result.reserveCapacity(units.count)
        var iterator = units.makeIterator()
        var decoder = UTF16()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): result.unicodeScalars.append(scalar)
            case .emptyInput: return result
            case .error: throw Failure(reason: "contains an unpaired UTF-16 surrogate (a \\uD800-\\uDFFF escape without its partner)")
            }
        }
    }
}
