/// A parser for the classic `.strings` format (`InfoPlist.strings`): `"key" = "value";`
/// entries, `/* */` and `//` comments, backslash escapes, unquoted keys and values of the
/// characters CFString's old-style parser allows (`A-Z a-z 0-9 _ $ / : . -`), and
/// `"key";` meaning the value is the key. UTF-8 (with or without a BOM) or UTF-16 with a BOM.
///
/// It follows CoreFoundation's `CFOldStylePList.c`, with these differences, all stricter:
/// text after the last entry is an error (CF ignores it), an unterminated `/*` comment is
/// an error, only string values are accepted, `\U` needs at least one hex digit, and octal
/// escapes must stay in ASCII, and a key or value may not hold a control character other than
/// tab, line feed and carriage return (`OperatorText`). As asked by our API, `\u1234` is read like `\U1234` (CF reads
/// a lowercase `\u` as a plain `u`). Later duplicates of a key win, as in CF.
public struct StringsFile {
    private let units: [UInt16]
    private var index = 0

    /// Parses a whole strings file into its key/value table.
    public static func parse(_ bytes: [UInt8]) throws(StringsFileError) -> [String: String] {
        var parser = StringsFile(units: try codeUnits(of: bytes))
        return try parser.parseTable()
    }

    private init(units: [UInt16]) {
        self.units = units
    }

    private func error(_ reason: String, at offset: Int? = nil) -> StringsFileError {
        StringsFileError(line: Self.line(at: offset ?? index, in: units), reason: reason)
    }

    private var current: UInt16? { index < units.count ? units[index] : nil }

    private mutating func parseTable() throws(StringsFileError) -> [String: String] {
        var table: [String: String] = [:]
        guard try skipBlank() else { return table }
        // A strings file may also be written as an old-style dictionary, in braces.
        let braced = current == ascii("{")
        if braced { index += 1 }
        while true {
            guard try skipBlank() else {
                if braced { throw error("expected '}' to close the dictionary") }
                return table
            }
            if braced, current == ascii("}") {
                index += 1
                if try skipBlank() { throw error("unexpected \(describeCurrent()) after '}'") }
                return table
            }
            let entryStart = index
            guard let key = try parseString() else { throw error("expected a key (a quoted or unquoted string), found \(describeCurrent())") }
            let value: String
            guard try skipBlank() else { throw error("missing ';' after key \"\(key)\"") }
            if current == ascii(";") {
                value = key
            } else if current == ascii("=") {
                index += 1
                guard try skipBlank() else { throw error("missing value after '=' for key \"\(key)\"") }
                if let unit = current, [ascii("("), ascii("{"), ascii("<")].contains(unit) {
                    throw error("the value for key \"\(key)\" is not a string (only string values are allowed)")
                }
                guard let parsed = try parseString() else { throw error("expected a value for key \"\(key)\", found \(describeCurrent())") }
                value = parsed
            } else {
                throw error("expected '=' or ';' after key \"\(key)\", found \(describeCurrent())")
            }
            guard try skipBlank(), current == ascii(";") else { throw error("missing ';' after the entry for key \"\(key)\"") }
            index += 1
            if let problem = OperatorText.problem(in: key + value) {
                var refusal = error("the entry for key \"\(key.debugDescription.dropFirst().dropLast())\" \(problem)", at: entryStart)
                refusal.isRefusal = true
                throw refusal
            }
            table[key] = value
        }
    }

    /// Skips white space and comments; false at the end of the text.
    private mutating func skipBlank() throws(StringsFileError) -> Bool {
        while let unit = current {
            if (0x09...0x0D).contains(unit) || unit == 0x20 || unit == 0x2028 || unit == 0x2029 {
                index += 1
            } else if unit == ascii("/"), index + 1 < units.count, units[index + 1] == ascii("/") {
                index += 2
                while let next = current, ![0x0A, 0x0D, 0x2028, 0x2029].contains(next) { index += 1 }
            } else if unit == ascii("/"), index + 1 < units.count, units[index + 1] == ascii("*") {
                let start = index
                index += 2
                while true {
                    guard index + 1 < units.count else { throw error("unterminated /* comment", at: start) }
                    if units[index] == ascii("*"), units[index + 1] == ascii("/") {
                        index += 2
                        break
                    }
                    index += 1
                }
            } else {
                return true
            }
        }
        return false
    }

    /// A quoted or unquoted string at the current position, or nil when none starts here.
    private mutating func parseString() throws(StringsFileError) -> String? {
        guard let unit = current else { return nil }
        if unit == ascii("\"") || unit == ascii("'") { return try parseQuoted(quote: unit) }
        guard Self.isUnquotedCharacter(unit) else { return nil }
        let start = index
        while let next = current, Self.isUnquotedCharacter(next) { index += 1 }
        return String(decoding: units[start..<index], as: UTF16.self)
    }

    private mutating func parseQuoted(quote: UInt16) throws(StringsFileError) -> String {
        let start = index
        index += 1
        var text: [UInt16] = []
        while true {
            guard let unit = current else { throw error("unterminated quoted string", at: start) }
            index += 1
            if unit == quote { break }
            if unit == ascii("\\") {
                try parseEscape(into: &text)
            } else {
                text.append(unit)
            }
        }
        guard let string = String(validating: text, as: UTF16.self) else {
            throw error("a \\U escape leaves an unpaired surrogate in the string", at: start)
        }
        return string
    }

    private mutating func parseEscape(into text: inout [UInt16]) throws(StringsFileError) {
        guard let unit = current else { throw error("unterminated backslash escape") }
        let escapeStart = index - 1
        index += 1
        switch unit {
        case ascii("0")...ascii("7"):
            var value = Int(unit - ascii("0"))
            for _ in 0..<2 {
                guard let digit = current, (ascii("0")...ascii("7")).contains(digit) else { break }
                value = value * 8 + Int(digit - ascii("0"))
                index += 1
            }
            // CF maps octal escapes through NeXTSTEP Latin; only its ASCII half is supported here.
            guard value < 0x80 else { throw error("octal escape above \\177 (NeXTSTEP Latin) is not supported", at: escapeStart) }
            text.append(UInt16(value))
        case ascii("U"), ascii("u"):
            var value: UInt16 = 0
            var digits = 0
            while digits < 4, let digit = current, let nibble = Self.hexValue(digit) {
                value = value << 4 | nibble
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw error("\\U escape without hex digits", at: escapeStart) }
            text.append(value)
        case ascii("a"): text.append(0x07)
        case ascii("b"): text.append(0x08)
        case ascii("f"): text.append(0x0C)
        case ascii("n"): text.append(0x0A)
        case ascii("r"): text.append(0x0D)
        case ascii("t"): text.append(0x09)
        case ascii("v"): text.append(0x0B)
        default: text.append(unit)  // \" \' \\ and any other character stand for themselves
        }
    }

    private func describeCurrent() -> String {
        guard let unit = current else { return "the end of the file" }
        if let scalar = Unicode.Scalar(unit), scalar.value >= 0x21, scalar.value < 0x7F { return "'\(Character(scalar))'" }
        return "U+" + String(unit, radix: 16, uppercase: true)
    }

    private static func isUnquotedCharacter(_ unit: UInt16) -> Bool {
        switch unit {
        case ascii("a")...ascii("z"), ascii("A")...ascii("Z"), ascii("0")...ascii("9"): true
        case ascii("_"), ascii("$"), ascii("/"), ascii(":"), ascii("."), ascii("-"): true
        default: false
        }
    }

    private static func hexValue(_ unit: UInt16) -> UInt16? {
        switch unit {
        case ascii("0")...ascii("9"): unit - ascii("0")
        case ascii("a")...ascii("f"): unit - ascii("a") + 10
        case ascii("A")...ascii("F"): unit - ascii("A") + 10
        default: nil
        }
    }
}

/// The UTF-16 code unit of an ASCII character.
private func ascii(_ character: Unicode.Scalar) -> UInt16 {
    UInt16(character.value)
}
