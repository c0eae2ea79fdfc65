import Glibc

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

/// A request target and what `RequestTarget.parse` made of it. A connection keeps its last
/// one, and a request that sends the same target again (a client polling a list) reuses it
/// instead of making the target's string and parsing it again: see `ConnectionState`.
struct ParsedTarget {
    let target: String
    let path: String
    let rawPath: String
    let query: [(name: String, value: String)]

    init(_ target: String) throws(RequestTargetError) {
        (path, rawPath, query) = try RequestTarget.parse(target)
        self.target = target
    }

    /// Whether `raw`, the target as sent, is this one's.
    func isTarget(_ raw: UnsafePointer<CChar>) -> Bool {
        target.withCString { strcmp($0, raw) == 0 }
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
        // Read as UTF-8 bytes, not as Characters: the delimiters are ASCII, and a walk over
        // Characters costs tens of thousands of instructions for a short query.
        var text = target
        return try text.withUTF8 { bytes in Result { () throws(RequestTargetError) in try parse(bytes) } }.get()
    }

    private static func parse(_ all: UnsafeBufferPointer<UInt8>) throws(RequestTargetError) -> (
        path: String, rawPath: String, query: [(name: String, value: String)]
    ) {
        var start = all.startIndex
        // Absolute-form (`http://host/path`) is legal HTTP/1.1: keep only the path.
        if all.first != slash, let scheme = [httpScheme, httpsScheme].first(where: { all.starts(with: $0) }) {
            start = all[scheme.count...].firstIndex(of: slash) ?? all.endIndex
            // Absolute-form without a path means the root.
            if start == all.endIndex { return ("/", "/", []) }
        }
        guard start < all.endIndex, all[start] == slash else { throw .notOriginForm }
        // One pass over the path: where it ends, and whether it has escapes or controls.
        var mark = start
        var escaped = false
        while mark < all.endIndex {
            let byte = all[mark]
            if byte == UInt8(ascii: "?") { break }
            if byte == UInt8(ascii: "%") { escaped = true }
            if byte < 0x20 || byte == 0x7F { throw .controlCharacter }
            mark += 1
        }
        let pathBytes = all[start..<mark]
        let rawPath = String(decoding: pathBytes, as: UTF8.self)
        // Without escapes the path is its own decoding; with them, a decoded byte may be a control.
        let path = escaped ? try decode(pathBytes, plusIsSpace: false) : rawPath
        if escaped {
            for byte in path.utf8 where byte < 0x20 || byte == 0x7F { throw .controlCharacter }
        }
        var query: [(name: String, value: String)] = []
        if mark < all.endIndex {
            var pairStart = mark + 1
            while pairStart <= all.endIndex {
                let pairEnd = all[pairStart...].firstIndex(of: UInt8(ascii: "&")) ?? all.endIndex
                if pairEnd > pairStart {
                    let pair = all[pairStart..<pairEnd]
                    if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
                        query.append(
                            (try decode(all[pairStart..<equals], plusIsSpace: true), try decode(all[(equals + 1)..<pairEnd], plusIsSpace: true)))
                    } else {
                        query.append((try decode(pair, plusIsSpace: true), ""))
                    }
                }
                pairStart = pairEnd + 1
            }
        }
        return (path, rawPath, query)
    }

    private static let slash = UInt8(ascii: "/")
    private static let httpScheme = Array("http://".utf8)
    private static let httpsScheme = Array("https://".utf8)

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

    /// Percent-decodes `text`; `+` becomes a space in query components.
    public static func decode(_ text: Substring, plusIsSpace: Bool) throws(RequestTargetError) -> String {
        var text = text
        return try text.withUTF8 { bytes in Result { () throws(RequestTargetError) in try decode(bytes[...], plusIsSpace: plusIsSpace) } }.get()
    }

    /// Percent-decodes `utf8`, which is valid UTF-8 (a string's bytes, cut at ASCII delimiters).
    private static func decode(_ utf8: Slice<UnsafeBufferPointer<UInt8>>, plusIsSpace: Bool) throws(RequestTargetError) -> String {
        var plain = true
        for byte in utf8 where byte == UInt8(ascii: "%") || (plusIsSpace && byte == UInt8(ascii: "+")) {
            plain = false
            break
        }
        if plain { return String(decoding: utf8, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < utf8.endIndex, let high = hexValue(utf8[index + 1]), let low = hexValue(utf8[index + 2]) else {
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
