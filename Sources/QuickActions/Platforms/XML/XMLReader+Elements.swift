extension XMLReader {
    /// An element being read: what is known once its start tag is read.
    private struct OpenElement {
        var qualifiedName: String
        var name: XMLName
        var attributes: [XMLAttribute]
        var children: [XMLNode] = []
        var line: Int
        var namespaces: [String: String]
        /// Character data not yet made a `.text` node.
        var text: [UInt8] = []

        mutating func flushText() {
            guard !text.isEmpty else { return }
            let string = String(decoding: text, as: UTF8.self)
            text.removeAll(keepingCapacity: true)
            if case .text(let earlier)? = children.last {
                children[children.count - 1] = .text(earlier + string)
            } else {
                children.append(.text(string))
            }
        }

        func finished() -> XMLElement {
            XMLElement(name: name, attributes: attributes, children: children, line: line)
        }
    }

    /// The element starting at `index` (a `<`), read with an explicit stack: nesting costs no
    /// call frames.
    mutating func element() throws(XMLReadError) -> XMLElement {
        let rootNamespaces = ["xml": "http://www.w3.org/XML/1998/namespace"]
        var stack: [OpenElement] = []
        var pending = try startTag(namespaces: rootNamespaces)
        if pending.selfClosing { return pending.element.finished() }
        stack.append(pending.element)

        while true {
            guard let byte = current else {
                throw failure("ends inside <\(stack.last?.qualifiedName ?? "")> (opened on line \(stack.last?.line ?? 0))")
            }
            if byte == UInt8(ascii: "<") {
                if starts(with: "</") {
                    let tagStart = index
                    index += 2
                    let closing = try name("an element name after '</'")
                    skipSpace()
                    try expect(">", "'>' to end </\(closing)>")
                    guard var finished = stack.popLast() else { throw failure("has an unmatched </\(closing)>", at: tagStart) }
                    guard finished.qualifiedName == closing else {
                        throw failure("closes <\(finished.qualifiedName)> (opened on line \(finished.line)) with </\(closing)>", at: tagStart)
                    }
                    finished.flushText()
                    let done = finished.finished()
                    guard !stack.isEmpty else { return done }
                    stack[stack.count - 1].children.append(.element(done))
                } else if starts(with: "<!--") {
                    try comment()
                } else if starts(with: "<![CDATA[") {
                    try cdata(into: &stack[stack.count - 1].text)
                } else if starts(with: "<?") {
                    try processingInstruction()
                } else if starts(with: "<!") {
                    throw failure("has markup declarations outside the DOCTYPE")
                } else {
                    guard stack.count < limits.maxDepth else { throw failure("nests elements deeper than \(limits.maxDepth)") }
                    stack[stack.count - 1].flushText()
                    let namespaces = stack[stack.count - 1].namespaces
                    pending = try startTag(namespaces: namespaces)
                    if pending.selfClosing {
                        stack[stack.count - 1].children.append(.element(pending.element.finished()))
                    } else {
                        stack.append(pending.element)
                    }
                }
            } else if byte == UInt8(ascii: "&") {
                try reference(into: &stack[stack.count - 1].text, inAttribute: false)
            } else {
                try characterData(into: &stack[stack.count - 1].text)
            }
        }
    }

    /// Character data up to the next `<` or `&`, line ends normalized.
    private mutating func characterData(into text: inout [UInt8]) throws(XMLReadError) {
        let start = index
        while let byte = current, byte != UInt8(ascii: "<"), byte != UInt8(ascii: "&") {
            if byte == UInt8(ascii: "]"), starts(with: "]]>") { throw failure("has \"]]>\" in character data") }
            try checkCharacter(at: index)
            index += 1
        }
        appendNormalizingLineEnds(bytes[start..<index], to: &text)
    }

    /// `<![CDATA[ … ]]>`: the text as it is, line ends normalized.
    private mutating func cdata(into text: inout [UInt8]) throws(XMLReadError) {
        let start = index
        index += 9
        let contentStart = index
        while index < bytes.count, !starts(with: "]]>") {
            try checkCharacter(at: index)
            index += 1
        }
        guard index < bytes.count else { throw failure("has an unterminated CDATA section", at: start) }
        appendNormalizingLineEnds(bytes[contentStart..<index], to: &text)
        index += 3
    }

    private func appendNormalizingLineEnds(_ run: ArraySlice<UInt8>, to text: inout [UInt8]) {
        guard run.contains(0x0D) else {
            text.append(contentsOf: run)
            return
        }
        var previousWasCR = false
        for byte in run {
            if byte == 0x0D {
                text.append(0x0A)
                previousWasCR = true
                continue
            }
            if !(byte == 0x0A && previousWasCR) { text.append(byte) }
            previousWasCR = false
        }
    }

    /// A start tag at `index`; namespaces resolved in `namespaces` plus its own declarations.
    private mutating func startTag(namespaces: [String: String]) throws(XMLReadError) -> (element: OpenElement, selfClosing: Bool) {
        let tagStart = index
        let line = line(at: tagStart)
        index += 1
        let qualifiedName = try name("an element name after '<'")
        var raw: [(name: String, value: String, offset: Int)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            if starts(with: "/>") {
                index += 2
                selfClosing = true
                break
            }
            if current == UInt8(ascii: ">") {
                index += 1
                break
            }
            guard current != nil else { throw failure("ends inside the start tag <\(qualifiedName)>", at: tagStart) }
            guard hadSpace else { throw failure("needs white space before the attribute in <\(qualifiedName)>") }
            let offset = index
            let attributeName = try name("an attribute name in <\(qualifiedName)>")
            skipSpace()
            try expect("=", "'=' after the attribute \(attributeName)")
            skipSpace()
            let value = try attributeValue()
            guard !raw.contains(where: { $0.name == attributeName }) else {
                throw failure("has the attribute \(attributeName) twice in <\(qualifiedName)>", at: offset)
            }
            guard raw.count < limits.maxAttributes else { throw failure("has more than \(limits.maxAttributes) attributes in <\(qualifiedName)>") }
            raw.append((attributeName, value, offset))
        }

        var scope = namespaces
        for attribute in raw {
            if attribute.name == "xmlns" {
                scope[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                let prefix = String(attribute.name.dropFirst(6))
                guard !attribute.value.isEmpty else { throw failure("undeclares the prefix \(prefix)", at: attribute.offset) }
                scope[prefix] = attribute.value
            }
        }
        let elementName = try resolve(qualifiedName, in: scope, isAttribute: false, at: tagStart)
        var attributes: [XMLAttribute] = []
        for attribute in raw where attribute.name != "xmlns" && !attribute.name.hasPrefix("xmlns:") {
            let resolved = try resolve(attribute.name, in: scope, isAttribute: true, at: attribute.offset)
            if resolved.namespaceURI != nil,
                attributes.contains(where: { $0.name.localName == resolved.localName && $0.name.namespaceURI == resolved.namespaceURI })
            {
                throw failure(
                    "has the attribute {\(resolved.namespaceURI ?? "")}\(resolved.localName) twice in <\(qualifiedName)>", at: attribute.offset)
            }
            attributes.append(XMLAttribute(name: resolved, value: attribute.value))
        }
        let element = OpenElement(qualifiedName: qualifiedName, name: elementName, attributes: attributes, line: line, namespaces: scope)
        return (element, selfClosing)
    }

    /// `qualified` split at its colon, its prefix bound in `scope` (an unprefixed attribute is in
    /// no namespace; an unprefixed element is in the default one).
    private mutating func resolve(_ qualified: String, in scope: [String: String], isAttribute: Bool, at offset: Int) throws(XMLReadError)
        -> XMLName
    {
        let parts = qualified.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1:
            let namespace = isAttribute ? nil : scope[""].flatMap { $0.isEmpty ? nil : $0 }
            return XMLName(prefix: nil, localName: qualified, namespaceURI: namespace)
        case 2 where !parts[0].isEmpty && !parts[1].isEmpty:
            let prefix = String(parts[0])
            guard let namespace = scope[prefix] else {
                throw failure("uses the undeclared namespace prefix \"\(prefix)\" in \(qualified)", at: offset)
            }
            return XMLName(prefix: prefix, localName: String(parts[1]), namespaceURI: namespace)
        default:
            throw failure("has the malformed name \"\(qualified)\"", at: offset)
        }
    }

    /// A quoted attribute value: references expanded, each tab, line feed and carriage return
    /// (and CR LF) read as a space.
    private mutating func attributeValue() throws(XMLReadError) -> String {
        guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            throw failure("expected a quoted attribute value")
        }
        let start = index
        index += 1
        var value: [UInt8] = []
        while true {
            guard let byte = current else { throw failure("has an unterminated attribute value", at: start) }
            if byte == quote {
                index += 1
                break
            }
            switch byte {
            case UInt8(ascii: "<"): throw failure("has '<' in an attribute value")
            case UInt8(ascii: "&"): try reference(into: &value, inAttribute: true)
            case 0x0D:
                value.append(0x20)
                index += 1
                if current == 0x0A { index += 1 }
            case 0x09, 0x0A:
                value.append(0x20)
                index += 1
            default:
                try checkCharacter(at: index)
                value.append(byte)
                index += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }
}
