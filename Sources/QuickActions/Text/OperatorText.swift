/// The rule for text an operator's files give the lists (titles, subtitles, labels, disabled
/// messages, their translations, ids, extras and `userInfo` strings): no C0 control character
/// other than tab, line feed and carriage return, no DEL and no C1, the rule the API applies to
/// a `userInfo` string. Such a character has no place in a label, breaks the XML property list
/// (XML 1.0 has no way to write U+001B) and would reach a terminal that prints the lists.
///
/// The loaders refuse a file holding one, naming the file and line; the scanners here find the
/// line in formats whose parser does not keep it (JSON, XML property lists).
enum OperatorText {
    /// Whether `scalar` is a control character operator text may not hold.
    static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControlCharacter && scalar != "\t" && scalar != "\n" && scalar != "\r"
    }

    /// The first control character of `text` that operator text may not hold, or nil.
    static func firstRefused(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isRefused)
    }

    /// "holds the control character U+001B, which a label may not hold".
    static func reason(_ scalar: Unicode.Scalar) -> String {
        "holds the control character \(name(scalar)), which no label, title or identifier may hold"
    }

    /// `U+001B`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The refused character in `text` and the reason naming it, or nil.
    static func problem(in text: String) -> String? {
        firstRefused(in: text).map(reason)
    }

    /// The 1-based line and the character of the first refused control character inside a
    /// JSON string of `bytes` (written raw, as DEL and C1 may be, or as an escape: `\u001b`,
    /// `\b`, `\f`), or nil. A leading byte order mark is allowed.
    static func firstRefused(inJSON bytes: [UInt8]) -> (line: Int, scalar: Unicode.Scalar)? {
        var line = 1
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A { line += 1 }
            guard inString else {
                if byte == UInt8(ascii: "\"") { inString = true }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = false
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                if escape == UInt8(ascii: "b") { return (line, "\u{8}") }
                if escape == UInt8(ascii: "f") { return (line, "\u{C}") }
                guard escape == UInt8(ascii: "u"), index + 4 <= bytes.count,
                    let value = UInt32(String(decoding: bytes[index..<(index + 4)], as: UTF8.self), radix: 16)
                else { continue }
                index += 4
                if let scalar = Unicode.Scalar(value), isRefused(scalar) { return (line, scalar) }
            default:
                if let scalar = rawControl(bytes, at: index - 1) { return (line, scalar) }
            }
        }
        return nil
    }

    /// The 1-based line and the character of the first refused control character in the XML
    /// document `bytes`, written raw or as a character reference (`&#27;`, `&#x1B;`), or nil.
    static func firstRefused(inXML bytes: [UInt8]) -> (line: Int, scalar: Unicode.Scalar)? {
        var line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            if let scalar = rawControl(bytes, at: index) { return (line, scalar) }
            if byte == UInt8(ascii: "&"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "#"),
                let end = bytes[index...].prefix(16).firstIndex(of: UInt8(ascii: ";"))
            {
                var digits = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                let radix = digits.hasPrefix("x") ? 16 : 10
                if radix == 16 { digits.removeFirst() }
                if let value = UInt32(digits, radix: radix), let scalar = Unicode.Scalar(value), isRefused(scalar) { return (line, scalar) }
            }
            index += 1
        }
        return nil
    }

    /// A refused control character written raw at `offset` (C0 but tab/LF/CR, DEL, or C1's
    /// two UTF-8 bytes `C2 80`–`C2 9F`), or nil.
    private static func rawControl(_ bytes: [UInt8], at offset: Int) -> Unicode.Scalar? {
        let byte = bytes[offset]
        if byte < 0x20 || byte == 0x7F {
            let scalar = Unicode.Scalar(byte)
            return isRefused(scalar) ? scalar : nil
        }
        if byte == 0xC2, offset + 1 < bytes.count, (0x80...0x9F).contains(bytes[offset + 1]) {
            return Unicode.Scalar(bytes[offset + 1])
        }
        return nil
    }
}
