/// Why a request target was refused.
public enum RequestTargetError: Error, Sendable, Equatable {
    /// The target is not origin-form (`/path?query`).
    case notOriginForm
    /// A `%` not followed by two hex digits.
    case badPercentEncoding
    /// The decoded bytes are not valid UTF-8.
    case invalidUTF8
    /// The decoded path contains a NUL or another control character.
    case controlCharacter

    /// A sentence for the problem's detail.
    public var message: String {
        switch self {
        case .notOriginForm: "The request target must be a path starting with '/'."
        case .badPercentEncoding: "The request target has a '%' not followed by two hex digits."
        case .invalidUTF8: "The request target does not decode to valid UTF-8."
        case .controlCharacter: "The request path contains a control character such as NUL."
        }
    }
}

/// Splits and decodes a raw request target. Our own parser, because libmicrohttpd
/// unescapes the path leniently and we want bad input refused, not guessed at.
public enum RequestTarget {
    /// The decoded path, the raw path and the decoded query of `target`.
    public static func parse(_ target: String) throws(RequestTargetError) -> (
        path: String, rawPath: String, query: [(name: String, value: String)]
    ) {
        // Fast path: a plain path (no query, no escapes, no controls) is its own decoding.
        if isPlainPath(target) { return (target, target, []) }
        var raw = Substring(target)
        // Absolute-form (`http://host/path`) is legal HTTP/1.1: keep only the path.
        for scheme in ["http://", "https://"] where raw.hasPrefix(scheme) {
            let rest = raw.dropFirst(scheme.count)
            raw = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
        }
        guard raw.first == "/" else { throw .notOriginForm }
        let pathPart: Substring
        let queryPart: Substring?
        if let mark = raw.firstIndex(of: "?") {
            pathPart = raw[..<mark]
            queryPart = raw[raw.index(after: mark)...]
        } else {
            pathPart = raw
            queryPart = nil
        }
        let path = try decode(pathPart, plusIsSpace: false)
        if path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .controlCharacter
        }
        var query: [(name: String, value: String)] = []
        if let queryPart {
            for pair in queryPart.split(separator: "&", omittingEmptySubsequences: true) {
                if let equals = pair.firstIndex(of: "=") {
                    query.append((try decode(pair[..<equals], plusIsSpace: true), try decode(pair[pair.index(after: equals)...], plusIsSpace: true)))
                } else {
                    query.append((try decode(pair, plusIsSpace: true), ""))
                }
            }
        }
        return (path, String(pathPart), query)
    }

    /// Percent-decodes `text`; `+` becomes a space in query components.
    /// Whether `target` is a path with no query, escape, control or non-ASCII byte, checked
    /// over its contiguous UTF-8 (the common case, on every request).
    static func isPlainPath(_ target: String) -> Bool {
        var text = target
        return text.withUTF8 { bytes in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            for byte in bytes where byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "?") {
                return false
            }
            return true
        }
    }

    public static func decode(_ text: Substring, plusIsSpace: Bool) throws(RequestTargetError) -> String {
        let utf8 = Array(text.utf8)
        if !utf8.contains(UInt8(ascii: "%")) && !(plusIsSpace && utf8.contains(UInt8(ascii: "+"))) {
            guard let string = String(validating: utf8, as: UTF8.self) else { throw .invalidUTF8 }
            return string
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.count, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
                    throw .badPercentEncoding
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let string = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8 }
        return string
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
