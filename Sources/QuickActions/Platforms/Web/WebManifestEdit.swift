/// Replaces the `shortcuts` member of an existing web app manifest and keeps every other byte of
/// the file as it was: the other members, their order, formatting and white space.
public enum WebManifestEdit {
    /// The manifest `manifest` with its top-level `shortcuts` member's value replaced by
    /// `shortcuts` (the member added before the closing brace when absent), written in the
    /// file's own indentation (compact when the file is on one line) and line endings (LF or CRLF).
    ///
    /// Refuses a file that is not a JSON object, and, naming the shortcut, a `url` outside the
    /// manifest's scope (`WebManifestScope`, with `manifestURL` and `documentURL` when known).
    /// `source` names the file in errors.
    public static func replacingShortcuts(
        in manifest: [UInt8], with shortcuts: [WebShortcut], source: String, manifestURL: String? = nil, documentURL: String? = nil
    ) throws(WebManifestError) -> [UInt8] {
        var body = manifest[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let root: JSONValue
        do {
            root = try JSONParser.parse(Array(body))
        } catch {
            throw WebManifestError(path: source, reason: "is not valid JSON (\(error))")
        }
        guard case .object(let members) = root else {
            throw WebManifestError(path: source, reason: "holds a \(root.typeName), not a manifest object")
        }
        guard let scope = WebManifestScope(manifest: members, manifestURL: manifestURL, documentURL: documentURL) else {
            throw WebManifestError(path: source, reason: "has no usable URL to resolve shortcuts against (give the manifest's URL)")
        }
        for (index, shortcut) in shortcuts.enumerated() where !scope.contains(shortcut.url) {
            throw WebManifestError(
                path: source, shortcutIndex: index, type: shortcut.type,
                reason:
                    "url \"\(shortcut.url)\" (\(scope.resolved(shortcut.url) ?? "not a URL")) is outside the manifest's scope \(scope.scope.absoluteString)"
            )
        }

        let offset = manifest.count - body.count
        let text = Array(body)
        let layout = ObjectLayout(text)
        let value = JSONPrettyWriter(indent: layout.indent).string(WebManifestShortcuts.json(shortcuts), level: 1)
        // What is inserted ends its lines as the file does (CRLF when its first line ends so).
        let crlf = Self.endsLinesWithCRLF(text)
        func inserted(_ string: String) -> [UInt8] {
            crlf ? Array(string.utf8).flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } : Array(string.utf8)
        }
        var output = Array(manifest.prefix(offset))
        if let member = layout.members.first(where: { $0.key == "shortcuts" }) {
            output += text[..<member.value.lowerBound] + inserted(value) + text[member.value.upperBound...]
        } else if let last = layout.members.last {
            let separator = layout.indent.map { ",\n" + $0 } ?? ","
            let colon = layout.indent == nil ? ":" : ": "
            output += text[..<last.value.upperBound] + inserted("\(separator)\"shortcuts\"\(colon)\(value)") + text[last.value.upperBound...]
        } else {
            let inside = layout.indent.map { "\n\($0)\"shortcuts\": \(value)" } ?? "\"shortcuts\":\(value)"
            let rest = layout.indent == nil ? text[(layout.openBrace + 1)...] : text[layout.closeBrace...]
            output += text[...layout.openBrace] + inserted(inside) + (layout.indent == nil ? rest : inserted("\n") + rest)
        }
        return output
    }

    /// Whether the first line of `text` ends with CR LF (a file written on Windows).
    static func endsLinesWithCRLF(_ text: [UInt8]) -> Bool {
        guard let newline = text.firstIndex(of: 0x0A) else { return false }
        return newline > 0 && text[newline - 1] == 0x0D
    }

    /// The manifest's `lang` member (the language its names are written in), or nil when it
    /// has none or is not a JSON object.
    public static func language(of manifest: [UInt8]) -> String? {
        var body = manifest[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard case .object(let members)? = try? JSONParser.parse(Array(body)), case .string(let lang)? = members["lang"] else { return nil }
        let tag = lang.trimmingCharacters(in: .whitespaces)
        return tag.isEmpty ? nil : tag
    }

    /// Where the members of a top-level JSON object are (the text is known to be valid JSON).
    struct ObjectLayout {
        struct Member {
            var key: String
            var value: Range<Int>
        }

        var openBrace = 0
        var closeBrace = 0
        var members: [Member] = []
        /// The white space before the first member on its line, or nil when it shares a line
        /// with the brace (a compact file). Two spaces for an empty object on several lines.
        var indent: String?

        init(_ text: [UInt8]) {
            var index = 0
            func skipSpace() {
                while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
            }
            skipSpace()
            openBrace = index
            index += 1
            while true {
                skipSpace()
                guard index < text.count else { break }
                if text[index] == UInt8(ascii: "}") {
                    closeBrace = index
                    break
                }
                if text[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                let keyStart = index
                index = Self.end(ofValueAt: index, in: text)
                let key = (try? JSONParser.parse(Array(text[keyStart..<index])))?.stringValue ?? ""
                if members.isEmpty { indent = Self.indent(before: keyStart, in: text) }
                skipSpace()
                index += 1  // the colon
                skipSpace()
                let valueStart = index
                index = Self.end(ofValueAt: index, in: text)
                members.append(Member(key: key, value: valueStart..<index))
            }
            if members.isEmpty { indent = text[openBrace..<closeBrace].contains(0x0A) ? "  " : nil }
        }

        /// The white space from the start of `offset`'s line to it, or nil when something else
        /// comes before it on its line.
        static func indent(before offset: Int, in text: [UInt8]) -> String? {
            var start = offset
            while start > 0, text[start - 1] == 0x20 || text[start - 1] == 0x09 { start -= 1 }
            guard start > 0, text[start - 1] == 0x0A || text[start - 1] == 0x0D else { return nil }
            return String(decoding: text[start..<offset], as: UTF8.self)
        }

        /// The offset just past the JSON value starting at `start`.
        static func end(ofValueAt start: Int, in text: [UInt8]) -> Int {
            var index = start
            var depth = 0
            var inString = false
            while index < text.count {
                let byte = text[index]
                index += 1
                if inString {
                    if byte == UInt8(ascii: "\\") {
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                        if depth == 0 { return index }
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index }
                    if depth < 0 { return index - 1 }
                case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"):
                    if depth == 0 { return index - 1 }
                default: continue
                }
            }
            return index
        }
    }
}

/// Writes JSON over several lines with a given indentation (or compact without one), the
/// members of a manifest shortcut in the order people write them (`name`, `short_name`,
/// `description`, `url`, `icons`; `src`, `sizes`, `type`, `purpose`), any others sorted after.
struct JSONPrettyWriter {
    static let preferredOrder = ["name", "short_name", "description", "url", "icons", "src", "sizes", "type", "purpose"]

    /// One level's indentation, or nil for compact output.
    let indent: String?

    /// `value` written as if it starts at nesting `level`.
    func string(_ value: JSONValue, level: Int) -> String {
        guard let indent else { return JSONWriter.string(value) }
        let inner = String(repeating: indent, count: level + 1)
        let outer = String(repeating: indent, count: level)
        switch value {
        case .array(let elements):
            guard !elements.isEmpty else { return "[]" }
            return "[\n" + elements.map { inner + string($0, level: level + 1) }.joined(separator: ",\n") + "\n\(outer)]"
        case .object(let members):
            guard !members.isEmpty else { return "{}" }
            let keys = Self.preferredOrder.filter { members[$0] != nil } + members.keys.filter { !Self.preferredOrder.contains($0) }.sorted()
            let lines = keys.map { key in
                inner + JSONWriter.string(.string(key)) + ": " + string(members[key] ?? .null, level: level + 1)
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(outer)}"
        default:
            return JSONWriter.string(value)
        }
    }
}
