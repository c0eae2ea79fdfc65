extension AndroidText {
    /// `text` as the content of a `<string>` element, escaped so that `aapt` reads back exactly
    /// `text` (see `stringValue(of:)`), and whether it holds a `%` (then the element needs
    /// `formatted="false"`, or `aapt` may read it as a format string).
    ///
    /// Apostrophes, quotes and backslashes are escaped; a line feed or tab is `\n` or `\t`; a
    /// leading `@` or `?` is `\@` or `\?`; a space that would be trimmed or collapsed (leading,
    /// trailing, or after another space) is `\u0020`; other white space and control characters
    /// are `\uXXXX`; `&`, `<` and `>` are entities. U+0000 is refused: Android's string pool
    /// cannot carry it.
    static func stringContent(_ text: String) throws(Failure) -> (content: String, hasPercent: Bool) {
        let scalars = Array(text.unicodeScalars)
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        var hasPercent = false
        // The index of the first scalar of the trailing run of spaces (scalars.count if none).
        var trailingSpaces = scalars.count
        while trailingSpaces > 0, scalars[trailingSpaces - 1] == " " { trailingSpaces -= 1 }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\0": throw Failure(reason: "contains U+0000, which an Android string resource cannot hold")
            case "\\": output += "\\\\"
            case "'": output += "\\'"
            case "\"": output += "\\\""
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "@" where index == 0: output += "\\@"
            case "?" where index == 0: output += "\\?"
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "%":
                hasPercent = true
                output += "%"
            case " ":
                let literal = index > 0 && index < trailingSpaces && scalars[index - 1] != " "
                output += literal ? " " : "\\u0020"
            default: appendEscapingControls(scalar, to: &output)
            }
        }
        return (output, hasPercent)
    }

    /// `text` as the value of a string attribute of `shortcuts.xml` (`shortcutId`, `action`,
    /// `data`, an extra's name…), escaped so that `aapt` reads back exactly `text` as a string:
    /// backslashes escaped, a line feed or tab as `\n` or `\t` (XML would read them as spaces),
    /// a leading `@`, `?` or `#` escaped (a reference or a colour otherwise), control characters
    /// as `\uXXXX`, `&`, `<`, `>` and `"` as entities. With `typed`, a value `aapt` would read as
    /// a number or a boolean (`42`, `true`, `1.5`) has its first character written as `\uXXXX`,
    /// so that it stays a string. U+0000 is refused.
    static func attributeValue(_ text: String, typed: Bool = false) throws(Failure) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        let escapeFirst = typed && AndroidExtraValue.literalKind(text) != .string
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 0 && escapeFirst {
                output += "\\u" + hex4(scalar.value)
                continue
            }
            switch scalar {
            case "\0": throw Failure(reason: "contains U+0000, which an Android resource cannot hold")
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "@" where index == 0: output += "\\@"
            case "?" where index == 0: output += "\\?"
            case "#" where index == 0: output += "\\#"
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default: appendEscapingControls(scalar, to: &output)
            }
        }
        return output
    }

    /// Appends `scalar`, or `\uXXXX` for what XML cannot carry or would read as white space.
    private static func appendEscapingControls(_ scalar: Unicode.Scalar, to output: inout String) {
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
            output += "\\u" + hex4(scalar.value)
        } else {
            output.unicodeScalars.append(scalar)
        }
    }

    static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
