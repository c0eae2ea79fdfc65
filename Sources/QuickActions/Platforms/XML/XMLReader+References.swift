extension XMLReader {
    static let predefinedEntities: [String: UInt8] = [
        "lt": UInt8(ascii: "<"), "gt": UInt8(ascii: ">"), "amp": UInt8(ascii: "&"), "apos": UInt8(ascii: "'"), "quot": UInt8(ascii: "\""),
    ]

    /// The reference at `index` (`&#…;`, `&#x…;` or `&name;`), its text appended to `output`.
    /// A declared entity's replacement text is read again for references, as XML says; markup
    /// in it is refused (the files read here never need it).
    mutating func reference(into output: inout [UInt8], inAttribute: Bool) throws(XMLReadError) {
        let start = index
        index += 1
        if current == UInt8(ascii: "#") {
            index += 1
            let scalar = try characterReference(start: start)
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
            return
        }
        let entity = try name("an entity name after '&'")
        guard current == UInt8(ascii: ";") else { throw failure("expected ';' after &\(entity)", at: start) }
        index += 1
        if let byte = Self.predefinedEntities[entity] {
            output.append(byte)
            return
        }
        var chain: [String] = []
        try expand(entity, into: &output, inAttribute: inAttribute, chain: &chain, at: start)
    }

    /// The scalar of a character reference whose `&#` ends before `index`.
    mutating func characterReference(start: Int) throws(XMLReadError) -> Unicode.Scalar {
        var radix: UInt32 = 10
        if current == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        var value: UInt32 = 0
        var digits = 0
        while let byte = current, byte != UInt8(ascii: ";") {
            guard let digit = Self.digit(byte, radix: radix) else { throw failure("has a malformed character reference", at: start) }
            value = value * radix + digit
            digits += 1
            guard value <= 0x10FFFF else { throw failure("has a character reference beyond U+10FFFF", at: start) }
            index += 1
        }
        guard digits > 0, current == UInt8(ascii: ";") else { throw failure("has a malformed character reference", at: start) }
        index += 1
        if (0xD800...0xDFFF).contains(value) {
            throw failure("has a character reference to U+\(hex(value)), a lone surrogate", at: start)
        }
        guard let scalar = Unicode.Scalar(value), Self.isXMLCharacter(value) else {
            throw failure("has a character reference to U+\(hex(value)), which XML does not allow", at: start)
        }
        return scalar
    }

    static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// XML 1.0's `Char`: tab, line feed, carriage return, and U+0020 up, without surrogates,
    /// U+FFFE and U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        value == 0x09 || value == 0x0A || value == 0x0D || (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value)
            || (0x10000...0x10FFFF).contains(value)
    }

    /// Appends the replacement text of the declared entity `name`, its own references expanded,
    /// counting every byte against `Limits.maxEntityExpansion` and every reference against
    /// `Limits.maxEntityReferences`.
    private mutating func expand(_ name: String, into output: inout [UInt8], inAttribute: Bool, chain: inout [String], at offset: Int)
        throws(XMLReadError)
    {
        resolvedReferences += 1
        guard resolvedReferences <= limits.maxEntityReferences else {
            throw failure("resolves more than \(limits.maxEntityReferences) entity references", at: offset)
        }
        guard let replacement = entities[name] else { throw failure("refers to the undeclared entity &\(name);", at: offset) }
        guard !chain.contains(name) else {
            throw failure("has the entity &\(name); refer to itself (\((chain + [name]).joined(separator: " → ")))", at: offset)
        }
        guard chain.count < limits.maxEntityNesting else {
            throw failure("nests entity references deeper than \(limits.maxEntityNesting)", at: offset)
        }
        chain.append(name)
        defer { chain.removeLast() }
        var position = 0
        while position < replacement.count {
            let byte = replacement[position]
            if byte == UInt8(ascii: "<") {
                throw failure("has the entity &\(name); hold markup, which is not read here", at: offset)
            }
            if byte == UInt8(ascii: "&") {
                guard let end = replacement[position...].firstIndex(of: UInt8(ascii: ";")) else {
                    throw failure("has a malformed reference in the entity &\(name);", at: offset)
                }
                let inner = String(decoding: replacement[(position + 1)..<end], as: UTF8.self)
                if let predefined = Self.predefinedEntities[inner] {
                    try produce([predefined], into: &output, at: offset)
                } else if inner.hasPrefix("#") {
                    var nested = XMLReader(bytes: Array(replacement[position...end]), limits: limits)
                    nested.index = 2
                    let scalar: Unicode.Scalar
                    do {
                        scalar = try nested.characterReference(start: 0)
                    } catch {
                        throw failure("has the entity &\(name); hold a bad character reference: \(error.reason)", at: offset)
                    }
                    try produce(Array(String(Character(scalar)).utf8), into: &output, at: offset)
                } else {
                    guard !inner.isEmpty, inner.utf8.allSatisfy(Self.isNameByte) else {
                        throw failure("has a malformed reference in the entity &\(name);", at: offset)
                    }
                    try expand(inner, into: &output, inAttribute: inAttribute, chain: &chain, at: offset)
                }
                position = end + 1
                continue
            }
            let normalized: UInt8 = inAttribute && (byte == 0x09 || byte == 0x0A || byte == 0x0D) ? 0x20 : byte
            try produce([normalized], into: &output, at: offset)
            position += 1
        }
    }

    private mutating func produce(_ produced: [UInt8], into output: inout [UInt8], at offset: Int) throws(XMLReadError) {
        expandedBytes += produced.count
        guard expandedBytes <= limits.maxEntityExpansion else {
            throw failure("expands entities to more than \(limits.maxEntityExpansion) bytes", at: offset)
        }
        output.append(contentsOf: produced)
    }
}
