/// A small, bounded reader for the XML files of an Android `res/` folder (`shortcuts.xml`,
/// `values*/*.xml`): UTF-8 only; elements, attributes and namespaces; character data, CDATA,
/// comments and processing instructions; character references; and a DOCTYPE whose internal
/// subset declares general entities (Termux's strings use them).
///
/// Our own rather than Foundation's `XMLParser` so that what hostile input may cost is ours to
/// bound: nesting deeper than `Limits.maxDepth`, entity expansion past
/// `Limits.maxEntityExpansion` bytes in all (a "billion laughs" document), past
/// `Limits.maxEntityReferences` references resolved in all (the same with an empty entity,
/// which produces no byte) or nested past `Limits.maxEntityNesting`, and an element with more
/// than `Limits.maxAttributes` attributes are refused with the line. External entities and parameter entities are refused; an external
/// DTD is never fetched. Errors name the line, which Android developers look for.
struct XMLReader {
    /// What one document may cost.
    struct Limits: Sendable {
        /// Deepest element nesting.
        var maxDepth = 256
        /// Most bytes produced by expanding declared entities, over the whole document.
        var maxEntityExpansion = 1 << 20
        /// Most references to declared entities resolved, over the whole document, those inside
        /// replacement text included. Bytes alone do not bound the work: ten references to an
        /// empty entity, nested 15 deep, produce nothing in 10^15 steps. Real files resolve
        /// far fewer: Termux's strings (in the tests' fixtures) resolve 23.
        var maxEntityReferences = 1 << 16
        /// Deepest chain of entities referring to entities.
        var maxEntityNesting = 16
        /// Most attributes on one element.
        var maxAttributes = 1024
    }

    let bytes: [UInt8]
    let limits: Limits
    var index = 0
    /// Line counting is incremental: `lineCursor` is the offset `lineAtCursor` was counted to.
    var lineCursor = 0
    var lineAtCursor = 1
    /// Declared general entities: name → replacement text (character references already expanded).
    var entities: [String: [UInt8]] = [:]
    var expandedBytes = 0
    /// References to declared entities resolved so far (`Limits.maxEntityReferences`).
    var resolvedReferences = 0

    /// Reads the document in `bytes` and returns its root element.
    static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(XMLReadError) -> XMLElement {
        let body = ByteOrderMark.removed(from: bytes)
        if body.allSatisfy(isSpace) {
            throw XMLReadError(line: 1, reason: body.isEmpty ? "is empty" : "is empty (only white space)")
        }
        if body.starts(with: [0xFE, 0xFF]) || body.starts(with: [0xFF, 0xFE]) {
            throw XMLReadError(line: 1, reason: "is UTF-16; only UTF-8 is read")
        }
        if let offset = firstInvalidUTF8(in: body) {
            let line = 1 + body[..<offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            throw XMLReadError(line: line, reason: "is not valid UTF-8 (byte \(offset))")
        }
        var reader = XMLReader(bytes: body, limits: limits)
        return try reader.document()
    }

    /// The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or nil.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        if String(validating: bytes, as: UTF8.self) != nil { return nil }
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    // MARK: Positions and errors

    /// The 1-based line of `offset` (offsets asked for only grow, but any offset is answered).
    mutating func line(at offset: Int) -> Int {
        if offset < lineCursor {
            lineCursor = 0
            lineAtCursor = 1
        }
        let end = min(offset, bytes.count)
        while lineCursor < end {
            if bytes[lineCursor] == 0x0A { lineAtCursor += 1 }
            lineCursor += 1
        }
        return lineAtCursor
    }

    mutating func failure(_ reason: String, at offset: Int? = nil) -> XMLReadError {
        XMLReadError(line: line(at: offset ?? index), reason: reason)
    }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func starts(with literal: String, at offset: Int? = nil) -> Bool {
        let start = offset ?? index
        var position = start
        for byte in literal.utf8 {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
        }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// Skips white space; whether there was any.
    @discardableResult mutating func skipSpace() -> Bool {
        let start = index
        while let byte = current, Self.isSpace(byte) { index += 1 }
        return index > start
    }

    mutating func expect(_ literal: String, _ what: String) throws(XMLReadError) {
        guard starts(with: literal) else { throw failure("expected \(what)") }
        index += literal.utf8.count
    }

    // MARK: Names

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F || byte == 0x3A || byte >= 0x80
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
    }

    /// A name (`Name` of XML 1.0, non-ASCII letters taken as they come).
    mutating func name(_ what: String) throws(XMLReadError) -> String {
        let start = index
        guard let first = current, Self.isNameStart(first) else { throw failure("expected \(what)") }
        index += 1
        while let byte = current, Self.isNameByte(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    // MARK: The document

    mutating func document() throws(XMLReadError) -> XMLElement {
        if starts(with: "<?xml") && (index + 5 < bytes.count && Self.isSpace(bytes[index + 5])) {
            try xmlDeclaration()
        }
        var sawDoctype = false
        while true {
            skipSpace()
            guard current != nil else { throw failure("has no root element") }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!DOCTYPE") {
                guard !sawDoctype else { throw failure("has a second DOCTYPE") }
                sawDoctype = true
                try doctype()
            } else if current == UInt8(ascii: "<") {
                break
            } else {
                throw failure("has text before the root element")
            }
        }
        let root = try element()
        while true {
            skipSpace()
            guard current != nil else { return root }
            if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else {
                throw failure("has content after the root element")
            }
        }
    }

    /// `<?xml version="1.0" encoding="…" standalone="…"?>`: only UTF-8 (or its ASCII subset) is read.
    mutating func xmlDeclaration() throws(XMLReadError) {
        index += 5
        while true {
            skipSpace()
            if starts(with: "?>") {
                index += 2
                return
            }
            let key = try name("a pseudo-attribute in the XML declaration")
            skipSpace()
            try expect("=", "'=' in the XML declaration")
            skipSpace()
            guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw failure("expected a quoted value in the XML declaration")
            }
            index += 1
            let start = index
            while let byte = current, byte != quote, byte != UInt8(ascii: "<") { index += 1 }
            guard current == quote else { throw failure("unterminated value in the XML declaration") }
            let value = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            if key == "encoding", !["utf-8", "utf8", "us-ascii", "ascii"].contains(value.lowercased()) {
                throw failure("declares the encoding \"\(value)\"; only UTF-8 is read")
            }
        }
    }

    mutating func comment() throws(XMLReadError) {
        let start = index
        index += 4
        while index < bytes.count {
            if starts(with: "--") {
                guard starts(with: "-->") else { throw failure("has \"--\" inside a comment") }
                index += 3
                return
            }
            try checkCharacter(at: index)
            index += 1
        }
        throw failure("has an unterminated comment", at: start)
    }

    mutating func processingInstruction() throws(XMLReadError) {
        let start = index
        index += 2
        let target = try name("a processing instruction's target")
        if target.lowercased() == "xml" { throw failure("has an XML declaration that is not at the start", at: start) }
        while index < bytes.count {
            if starts(with: "?>") {
                index += 2
                return
            }
            index += 1
        }
        throw failure("has an unterminated processing instruction", at: start)
    }

    /// Refuses a byte XML 1.0 does not allow in a document (C0 controls other than tab, line
    /// feed and carriage return); the UTF-8 was checked before.
    mutating func checkCharacter(at offset: Int) throws(XMLReadError) {
        let byte = bytes[offset]
        if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D {
            throw failure("has the control character U+\(hex(UInt32(byte))), which XML does not allow", at: offset)
        }
        // U+FFFE and U+FFFF: EF BF BE / EF BF BF.
        if byte == 0xEF, offset + 2 < bytes.count, bytes[offset + 1] == 0xBF, bytes[offset + 2] >= 0xBE {
            throw failure("has the non-character U+FFF\(bytes[offset + 2] == 0xBE ? "E" : "F"), which XML does not allow", at: offset)
        }
    }

    func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
