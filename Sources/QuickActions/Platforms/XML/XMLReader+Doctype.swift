extension XMLReader {
    /// `<!DOCTYPE name ExternalID? [internal subset]? >`. The external DTD is never fetched;
    /// the internal subset's general entities are kept, its other declarations skipped.
    mutating func doctype() throws(XMLReadError) {
        let start = index
        index += 9
        guard skipSpace() else { throw failure("expected white space after <!DOCTYPE") }
        _ = try name("the document type's name")
        skipSpace()
        if starts(with: "SYSTEM") || starts(with: "PUBLIC") {
            try externalID()
            skipSpace()
        }
        if current == UInt8(ascii: "[") {
            index += 1
            try internalSubset()
            skipSpace()
        }
        guard current == UInt8(ascii: ">") else { throw failure("has an unterminated DOCTYPE", at: start) }
        index += 1
    }

    /// `SYSTEM "uri"` or `PUBLIC "id" "uri"`, skipped.
    private mutating func externalID() throws(XMLReadError) {
        let isPublic = starts(with: "PUBLIC")
        index += 6
        guard skipSpace() else { throw failure("expected white space after \(isPublic ? "PUBLIC" : "SYSTEM")") }
        _ = try quoted("an identifier")
        if isPublic {
            guard skipSpace() else { throw failure("expected the system identifier after the public one") }
            _ = try quoted("a system identifier")
        }
    }

    /// A quoted literal, without the quotes.
    private mutating func quoted(_ what: String) throws(XMLReadError) -> ArraySlice<UInt8> {
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw failure("expected \(what) in quotes") }
        let start = index
        index += 1
        let contentStart = index
        while let byte = current, byte != quote {
            try checkCharacter(at: index)
            index += 1
        }
        guard current == quote else { throw failure("has an unterminated literal", at: start) }
        index += 1
        return bytes[contentStart..<(index - 1)]
    }

    private mutating func internalSubset() throws(XMLReadError) {
        while true {
            skipSpace()
            guard let byte = current else { throw failure("ends inside the DOCTYPE") }
            if byte == UInt8(ascii: "]") {
                index += 1
                return
            }
            if starts(with: "<!ENTITY") {
                try entityDeclaration()
            } else if starts(with: "<!--") {
                try comment()
            } else if starts(with: "<?") {
                try processingInstruction()
            } else if starts(with: "<!ELEMENT") || starts(with: "<!ATTLIST") || starts(with: "<!NOTATION") {
                try skipDeclaration()
            } else if byte == UInt8(ascii: "%") {
                throw failure("uses a parameter entity, which is not read here")
            } else {
                throw failure("has an unexpected declaration in the DOCTYPE")
            }
        }
    }

    /// `<!ENTITY name "value">`: kept (the first declaration of a name wins, as XML says).
    /// Parameter entities and external entities are refused.
    private mutating func entityDeclaration() throws(XMLReadError) {
        let start = index
        index += 8
        guard skipSpace() else { throw failure("expected white space after <!ENTITY") }
        if current == UInt8(ascii: "%") { throw failure("declares a parameter entity, which is not read here", at: start) }
        let entity = try name("an entity name")
        guard skipSpace() else { throw failure("expected white space after the entity name \(entity)") }
        if starts(with: "SYSTEM") || starts(with: "PUBLIC") {
            throw failure("declares the external entity \(entity), which is refused (an external file is never read)", at: start)
        }
        let literal = try quoted("the value of the entity \(entity)")
        if literal.contains(UInt8(ascii: "%")) {
            throw failure("uses a parameter entity in the value of \(entity), which is not read here", at: start)
        }
        let value = try expandCharacterReferences(in: literal, entity: entity, at: start)
        skipSpace()
        guard current == UInt8(ascii: ">") else { throw failure("expected '>' to end the declaration of \(entity)") }
        index += 1
        if entities[entity] == nil { entities[entity] = value }
    }

    /// An entity value with its character references replaced (general entity references are
    /// kept, to be expanded where the entity is used).
    private mutating func expandCharacterReferences(in literal: ArraySlice<UInt8>, entity: String, at offset: Int) throws(XMLReadError)
        -> [UInt8]
    {
        guard literal.contains(UInt8(ascii: "&")) else { return Array(literal) }
        var output: [UInt8] = []
        var position = literal.startIndex
        while position < literal.endIndex {
            guard literal[position] == UInt8(ascii: "&"), position + 1 < literal.endIndex, literal[position + 1] == UInt8(ascii: "#") else {
                output.append(literal[position])
                position += 1
                continue
            }
            guard let end = literal[position...].firstIndex(of: UInt8(ascii: ";")) else {
                throw failure("has a malformed character reference in the entity \(entity)", at: offset)
            }
            var nested = XMLReader(bytes: Array(literal[position...end]), limits: limits)
            nested.index = 2
            do {
                let scalar = try nested.characterReference(start: 0)
                output.append(contentsOf: Array(String(Character(scalar)).utf8))
            } catch {
                throw failure("has a bad character reference in the entity \(entity): \(error.reason)", at: offset)
            }
            position = end + 1
        }
        return output
    }

    /// An `<!ELEMENT …>`, `<!ATTLIST …>` or `<!NOTATION …>` declaration, skipped (quotes respected).
    private mutating func skipDeclaration() throws(XMLReadError) {
        let start = index
        var quote: UInt8?
        while let byte = current {
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return
            }
        }
        throw failure("has an unterminated declaration in the DOCTYPE", at: start)
    }
}
