/// What the companion prints of anything it did not write itself: a service's titles, messages
/// and problem details, an error's description, a URL.
///
/// A terminal acts on control characters: ESC starts sequences that set the window title,
/// clear the screen or move the cursor; BEL rings; a C1 character (U+0080 to U+009F) is read as
/// ESC plus a letter by many terminals (U+009B is a CSI). So the companion prints no control
/// character it did not make: each C0 character, DEL and each C1 character of such text is
/// shown as a visible stand-in, and an ESC sequence is left as inert text after `␛`.
enum TerminalText {
    /// `text` with every control character (C0, DEL, C1) replaced by a visible stand-in: the
    /// Unicode control picture of a C0 character or DEL (`␛` for ESC, `␇` for BEL, `␊` for a line
    /// feed), and `�` for a C1 character. Everything else is kept as it is.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? standIn(for: scalar) : scalar)
        }
        return String(scalars)
    }

    /// `text` with the user and password of every URL in it (`scheme://user:pw@host`) replaced
    /// by `***`, so that a message naming the URL never shows them.
    static func redactingUserinfo(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            // The authority ends at the path, the query, the fragment, or what cannot be in a URL.
            let end = rest.firstIndex { "/?#\"'<>()[] \t\r\n".contains($0) } ?? rest.endIndex
            if let at = rest[..<end].lastIndex(of: "@") {
                result += "***"
                rest = rest[at...]
            }
        }
        return result + rest
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private static func standIn(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar.value {
        case 0..<0x20: Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}"
        case 0x7F: "\u{2421}"
        default: "\u{FFFD}"
        }
    }
}
