/// A typed intent extra, as `Intent.putExtra` holds it. `shortcuts.xml` can say `string`, `int`,
/// `float` and `boolean` (`Resources.parseBundleExtra`); the JSON list also uses `long` and
/// `double`, for userInfo integers and reals.
public enum AndroidExtraValue: Sendable, Hashable {
    case string(String)
    case int(Int32)
    case long(Int64)
    case boolean(Bool)
    case float(Float)
    case double(Double)

    /// `string`, `int`, `long`, `boolean`, `float` or `double`: the `put…Extra` to call.
    public var typeName: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .long: "long"
        case .boolean: "boolean"
        case .float: "float"
        case .double: "double"
        }
    }

    /// The value as userInfo holds it on iOS.
    public var propertyListValue: PropertyListValue {
        switch self {
        case .string(let value): .string(value)
        case .int(let value): .integer(Int64(value))
        case .long(let value): .integer(value)
        case .boolean(let value): .bool(value)
        case .float(let value): .real(Double(value))
        case .double(let value): .real(value)
        }
    }

    /// The extra for a userInfo value in the JSON list: a string, `long`, `double` or `boolean`;
    /// a date as its RFC 3339 text, an array or a dictionary as its JSON text.
    public init(userInfo value: PropertyListValue) {
        switch value {
        case .string(let text): self = .string(text)
        case .integer(let integer): self = .long(integer)
        case .real(let real): self = .double(real)
        case .bool(let flag): self = .boolean(flag)
        case .date(let date): self = .string(date.rfc3339)
        case .array, .dictionary: self = .string(JSONWriter.string(value.json))
        }
    }

    /// The extra for a userInfo value in `shortcuts.xml`, which has only 32-bit integers and
    /// floats: an integer must fit in 32 bits and a real must be a `Float` exactly, or this is nil.
    /// Dates, arrays and dictionaries are written as text, as in the JSON list.
    public init?(staticUserInfo value: PropertyListValue) {
        switch value {
        case .integer(let integer):
            guard let small = Int32(exactly: integer) else { return nil }
            self = .int(small)
        case .real(let real):
            guard let single = Float(exactly: real) else { return nil }
            self = .float(single)
        default: self.init(userInfo: value)
        }
    }

    /// `{"type": …, "value": …}`, as `JSONWriter` writes it.
    public func writeJSON(to output: inout [UInt8]) {
        output.append(contentsOf: #"{"type":"#.utf8)
        JSONWriter.writeString(typeName, to: &output)
        output.append(contentsOf: #","value":"#.utf8)
        switch self {
        case .string(let value): JSONWriter.writeString(value, to: &output)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .long(let value): output.append(contentsOf: String(value).utf8)
        case .boolean(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .float(let value): JSONWriter.write(.double(Double(value)), to: &output)
        case .double(let value): JSONWriter.write(.double(value), to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// How `aapt` types the raw text of an `android:value` attribute.
    enum LiteralKind: Sendable, Equatable {
        case string, boolean, integer, float, color, reference
    }

    /// How `aapt` types `raw`: `@…`/`?…` a reference, `#…` a colour, `true`/`false` (any case)
    /// a boolean, a decimal `int` (leading white space allowed) or `0x` hex number an integer,
    /// other numbers (`1.5`, `.5`, `1e5`, `+5`, `42 `, a decimal past 32 bits) a float; the
    /// rest text.
    static func literalKind(_ raw: String) -> LiteralKind {
        guard let first = raw.unicodeScalars.first else { return .string }
        if first == "@" || first == "?" { return .reference }
        if first == "#" { return .color }
        let lowered = raw.lowercased()
        if lowered == "true" || lowered == "false" { return .boolean }
        if integer(raw) != nil { return .integer }
        if float(raw) != nil { return .float }
        return .string
    }

    /// `raw` as a 32-bit integer, as `aapt` reads one: decimal with an optional `-`, or `0x` hex
    /// up to `0xFFFFFFFF`, after optional leading white space.
    static func integer(_ raw: String) -> Int32? {
        var text = Substring(raw)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text = text.dropFirst() }
        if text.hasPrefix("0x") {
            let digits = text.dropFirst(2)
            guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), let value = UInt32(digits, radix: 16) else { return nil }
            return Int32(bitPattern: value)
        }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(text)
    }

    /// `raw` as a float, as `aapt` (through `strtod`) reads one: optional white space around a
    /// number that starts with a digit, a sign or a point.
    static func float(_ raw: String) -> Float? {
        let isSpace = { (character: Character) in character == " " || character == "\t" || character == "\n" || character == "\r" }
        var trimmed = Substring(raw)
        while let first = trimmed.first, isSpace(first) { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, isSpace(last) { trimmed = trimmed.dropLast() }
        guard let first = trimmed.first, first.isASCII, first.isNumber || first == "+" || first == "-" || first == "." else { return nil }
        guard trimmed.allSatisfy({ $0.isASCII && ($0.isHexDigit || "+-.xXpP".contains($0)) }) else { return nil }
        return Float(trimmed)
    }

    /// The value of an `android:value` attribute, typed as `aapt` types it; a colour is its
    /// ARGB integer. References and malformed colours are refused.
    static func parse(attribute raw: String) throws(AndroidText.Failure) -> AndroidExtraValue {
        switch literalKind(raw) {
        case .string: return .string(try AndroidText.attributeText(raw))
        case .boolean: return .boolean(raw.lowercased() == "true")
        case .integer: return integer(raw).map(AndroidExtraValue.int) ?? .string(raw)
        case .float: return float(raw).map(AndroidExtraValue.float) ?? .string(raw)
        case .reference: throw AndroidText.Failure(reason: "\"\(raw)\" is a resource reference; an extra's value is read here only as a literal")
        case .color:
            guard let color = Self.color(raw) else {
                throw AndroidText.Failure(reason: "\"\(raw)\" is not a colour (#rgb, #argb, #rrggbb or #aarrggbb); write \\# for text")
            }
            return .int(color)
        }
    }

    /// `#rgb`, `#argb`, `#rrggbb` or `#aarrggbb` as an ARGB integer (alpha 0xFF when absent).
    static func color(_ raw: String) -> Int32? {
        let digits = Array(raw.dropFirst())
        guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy(\.isHexDigit) else { return nil }
        let expanded = digits.count <= 4 ? digits.flatMap { [$0, $0] } : digits
        let text = (expanded.count == 6 ? "ff" : "") + String(expanded)
        return UInt32(text, radix: 16).map { Int32(bitPattern: $0) }
    }
}
