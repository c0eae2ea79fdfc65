extension AndroidText {
    /// What a `<string>` element holds: text, or a reference to another resource.
    enum StringValue: Sendable, Equatable {
        /// The text, as Android shows it (spans such as `<b>` dropped, their text kept).
        case text(String)
        /// `@string/name` and the like.
        case reference(AndroidResourceReference)
    }

    /// The value of a `<string>` element, read as `aapt` reads it.
    static func stringValue(of element: XMLElement) throws(Failure) -> StringValue {
        var walker = StyledTextWalker()
        try walker.walk(element.children)
        try walker.flush()
        if walker.hasSpans { return .text(try string(fromUTF16: walker.collected)) }

        // Unstyled: trimmed, then a reference or text with its escapes read.
        var raw = walker.raw[...]
        while let first = raw.first, isSpace(first) { raw = raw.dropFirst() }
        let untrimmedEnd = raw.endIndex
        while let last = raw.last, isSpace(last) { raw = raw.dropLast() }
        // A trailing backslash keeps the white space it escapes.
        if raw.last == 0x5C, raw.endIndex < untrimmedEnd { raw = walker.raw[raw.startIndex...raw.endIndex] }
        if raw.first == UInt8(ascii: "@").utf16 || raw.first == UInt8(ascii: "?").utf16 {
            let text = try string(fromUTF16: Array(raw))
            guard let reference = AndroidResourceReference(text) else {
                throw Failure(
                    reason: "\"\(text)\" starts with \(text.prefix(1)) but is not a resource reference (write \\\(text.prefix(1)) for the character)")
            }
            return .reference(reference)
        }
        return .text(try string(fromUTF16: try collect(Array(raw), preserveSpaces: false)))
    }

    /// An attribute's text as Android reads it: escapes read, white space and quotes kept.
    static func attributeText(_ value: String) throws(Failure) -> String {
        guard value.utf8.contains(0x5C) else { return value }
        return try string(fromUTF16: try collect(Array(value.utf16), preserveSpaces: true))
    }

    /// `ResTable::collectString`: escapes, and (unless `preserveSpaces`) quotes and white space.
    /// An apostrophe outside double quotes, which `aapt` refuses, is kept as written.
    static func collect(_ units: [UInt16], preserveSpaces: Bool) throws(Failure) -> [UInt16] {
        var output: [UInt16] = []
        output.reserveCapacity(units.count)
        var quoted = false
        var index = 0
        while index < units.count {
            let unit = units[index]
            if unit == 0x5C {
                index += 1
                guard index < units.count else { break }
                let escaped = units[index]
                index += 1
                switch escaped {
                case UInt16(UInt8(ascii: "t")): output.append(0x09)
                case UInt16(UInt8(ascii: "n")): output.append(0x0A)
                case UInt16(UInt8(ascii: "#")), UInt16(UInt8(ascii: "@")), UInt16(UInt8(ascii: "?")), 0x22, UInt16(UInt8(ascii: "'")), 0x5C:
                    output.append(escaped)
                case UInt16(UInt8(ascii: "u")):
                    var value: UInt16 = 0
                    var digits = 0
                    while digits < 4, index < units.count {
                        guard let digit = hexDigit(units[index]) else {
                            throw Failure(reason: "has a bad character in a \\u escape (four hexadecimal digits expected)")
                        }
                        value = value << 4 | digit
                        digits += 1
                        index += 1
                    }
                    output.append(value)
                default:
                    // aapt drops an unknown escape and the character after it.
                    break
                }
                continue
            }
            if !preserveSpaces {
                if unit == 0x22 {
                    quoted.toggle()
                    index += 1
                    continue
                }
                if !quoted && isSpace(unit) {
                    output.append(0x20)
                    index += 1
                    while index < units.count, isSpace(units[index]) { index += 1 }
                    continue
                }
            }
            output.append(unit)
            index += 1
        }
        return output
    }

    private static func hexDigit(_ unit: UInt16) -> UInt16? {
        switch unit {
        case 0x30...0x39: unit - 0x30
        case 0x61...0x66: unit - 0x61 + 10
        case 0x41...0x46: unit - 0x41 + 10
        default: nil
        }
    }

    /// `XMLNode::removeWhitespace` on one text node: white space before and after the text
    /// shrinks to its last (first) character; a node of white space only becomes one space.
    static func compacted(_ text: String) -> [UInt16] {
        let units = Array(text.utf16)
        guard let firstText = units.firstIndex(where: { !isSpace($0) }) else { return units.isEmpty ? [] : [0x20] }
        guard let lastText = units.lastIndex(where: { !isSpace($0) }) else { return units }
        let start = firstText > 0 ? firstText - 1 : 0
        let end = lastText < units.count - 1 ? lastText + 1 : lastText
        return Array(units[start...end])
    }

    /// Walks a `<string>`'s content as `parseStyledString` does: XLIFF elements are
    /// transparent, any other element is a span whose text is collected piece by piece.
    private struct StyledTextWalker {
        /// The text since the last tag.
        var current: [UInt16] = []
        /// Every piece, unprocessed (what an unstyled string is read from).
        var raw: [UInt16] = []
        /// The pieces collected (what a styled string is).
        var collected: [UInt16] = []
        /// Whether a span with text was seen.
        var hasSpans = false
        var depth = 0

        mutating func walk(_ nodes: [XMLNode]) throws(Failure) {
            for node in nodes {
                switch node {
                case .text(let text):
                    current += AndroidText.compacted(text)
                case .element(let element) where element.name.namespaceURI == AndroidText.xliffNamespace:
                    try walk(element.children)
                case .element(let element):
                    try flush()
                    let spanStart = collected.count
                    try walk(element.children)
                    try flush()
                    if collected.count > spanStart { hasSpans = true }
                }
            }
        }

        mutating func flush() throws(Failure) {
            collected += try AndroidText.collect(current, preserveSpaces: false)
            raw += current
            current = []
        }
    }
}

extension UInt8 {
    /// The byte as a UTF-16 code unit.
    fileprivate var utf16: UInt16 { UInt16(self) }
}
