/// A text with `{key}` placeholders filled from an item's `userInfo`: an id
/// (`contact-{contactId}`), an intent's data (`content://contacts/{contactId}`) or a web URL
/// (`/contacts/{contactId}`). In URLs each value is percent-encoded as RFC 6570's simple
/// expansion does (everything but `A-Z a-z 0-9 - . _ ~`); in ids it is used as it is.
///
/// A key is letters, digits, `_`, `-` and `.`; `{` and `}` cannot appear otherwise. Strings,
/// integers, reals and booleans fill a placeholder; dates, arrays and dictionaries cannot.
public struct PlatformTemplate: Sendable, Hashable, CustomStringConvertible {
    /// A piece of the template.
    enum Part: Sendable, Hashable {
        case literal(String)
        case placeholder(String)
    }

    /// How filled-in values are written.
    public enum Encoding: Sendable {
        /// As they are (ids).
        case verbatim
        /// Percent-encoded (URLs, intent data).
        case percentEncoded
    }

    let parts: [Part]
    /// The template as written.
    public let description: String

    /// Parses `text`; nil (with why) when a brace is unbalanced or a key is empty or malformed.
    public init(_ text: String) throws(PlatformTemplateError) {
        var parts: [Part] = []
        var literal = ""
        var remainder = Substring(text)
        while let character = remainder.first {
            remainder = remainder.dropFirst()
            if character == "}" { throw PlatformTemplateError(reason: "has a '}' without its '{'") }
            guard character == "{" else {
                literal.append(character)
                continue
            }
            guard let close = remainder.firstIndex(of: "}") else { throw PlatformTemplateError(reason: "has a '{' without its '}'") }
            let key = String(remainder[..<close])
            guard !key.isEmpty, key.unicodeScalars.allSatisfy(Self.isKeyScalar) else {
                throw PlatformTemplateError(reason: "has the placeholder {\(key)}; a key is letters, digits, '_', '-' and '.'")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.placeholder(key))
            remainder = remainder[remainder.index(after: close)...]
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
        description = text
    }

    /// The keys the template needs, in order, once each.
    public var keys: [String] {
        var keys: [String] = []
        for case .placeholder(let key) in parts where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// The text for `userInfo`, or the first key it lacks (or holds a value that cannot fill a
    /// placeholder).
    public func expand(_ userInfo: [String: PropertyListValue]?, encoding: Encoding) -> Result<String, PlatformTemplateError> {
        var output = ""
        for part in parts {
            switch part {
            case .literal(let text): output += text
            case .placeholder(let key):
                guard let value = userInfo?[key] else { return .failure(PlatformTemplateError(reason: "userInfo has no \"\(key)\"", key: key)) }
                guard let text = Self.text(of: value) else {
                    return .failure(PlatformTemplateError(reason: "userInfo \"\(key)\" is not a string, number or boolean", key: key))
                }
                output += encoding == .percentEncoded ? Self.percentEncoded(text) : text
            }
        }
        return .success(output)
    }

    /// The text a scalar fills a placeholder with, or nil for a date, array or dictionary.
    static func text(of value: PropertyListValue) -> String? {
        switch value {
        case .string(let text): text
        case .integer(let integer): String(integer)
        case .bool(let flag): flag ? "true" : "false"
        case .real(let real): JSONWriter.string(.double(real))
        case .date, .array, .dictionary: nil
        }
    }

    /// `text` with everything but RFC 3986's unreserved characters percent-encoded (UTF-8).
    public static func percentEncoded(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return output
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D || byte == 0x2E
            || byte == 0x5F || byte == 0x7E
    }

    static func isKeyScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
            || scalar == "."
    }
}

/// Why a template could not be read or filled.
public struct PlatformTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var reason: String
    /// The key that could not be filled, when that is what is wrong.
    public var key: String?

    /// Creates an error.
    public init(reason: String, key: String? = nil) {
        self.reason = reason
        self.key = key
    }

    public var description: String { reason }
}
