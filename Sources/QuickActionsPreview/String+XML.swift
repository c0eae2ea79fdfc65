extension String {
    /// The text as XML character data or an attribute value: `&`, `<`, `"` and `'` written as
    /// entities (`<script>` becomes `&lt;script>`; `>` only where it would close `]]>`), and characters XML 1.0 cannot carry at all (C0 controls other than
    /// tab, line feed and carriage return, U+FFFE, U+FFFF, lone surrogates) written as U+FFFD.
    public var xmlEscaped: String {
        var escaped = ""
        escaped.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += escaped.hasSuffix("]]") ? "&gt;" : ">"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    escaped += "\u{FFFD}"
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
