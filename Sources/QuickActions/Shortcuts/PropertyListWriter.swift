/// Writes XML property lists by hand, so equal input gives equal bytes: Apple's header and
/// DOCTYPE, tab indentation, dictionary keys sorted as CFPropertyList sorts them (by UTF-16
/// code unit), dates to the second in UTC.
public enum PropertyListWriter {
    /// The XML prologue every Apple property list starts with.
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// An Info.plist fragment whose root dictionary holds `UIApplicationShortcutItems`: one
    /// dictionary per item, in order, with the Info.plist keys (see `ShortcutItem.infoPlistEntry`).
    public static func xml(items: [ShortcutItem]) -> [UInt8] {
        xml(.dictionary([ShortcutInfoPlistKey.items: .array(items.map { .dictionary($0.infoPlistEntry) })]))
    }

    /// The XML property list of `root`.
    static func xml(_ root: PropertyListValue) -> [UInt8] {
        var output = Array(header.utf8)
        write(root, depth: 0, to: &output)
        output.append(contentsOf: "</plist>\n".utf8)
        return output
    }

    private static func write(_ value: PropertyListValue, depth: Int, to output: inout [UInt8]) {
        indent(depth, &output)
        switch value {
        case .string(let string): element("string", escaped(string), &output)
        case .integer(let integer): element("integer", String(integer), &output)
        case .real(let real): element("real", format(real), &output)
        case .bool(let flag): output.append(contentsOf: (flag ? "<true/>\n" : "<false/>\n").utf8)
        case .date(let date): element("date", format(date), &output)
        case .array(let values):
            guard !values.isEmpty else { return output.append(contentsOf: "<array/>\n".utf8) }
            output.append(contentsOf: "<array>\n".utf8)
            for element in values { write(element, depth: depth + 1, to: &output) }
            indent(depth, &output)
            output.append(contentsOf: "</array>\n".utf8)
        case .dictionary(let fields):
            guard !fields.isEmpty else { return output.append(contentsOf: "<dict/>\n".utf8) }
            output.append(contentsOf: "<dict>\n".utf8)
            for key in fields.keys.sorted(by: { $0.utf16.lexicographicallyPrecedes($1.utf16) }) {
                indent(depth + 1, &output)
                element("key", escaped(key), &output)
                if let field = fields[key] { write(field, depth: depth + 1, to: &output) }
            }
            indent(depth, &output)
            output.append(contentsOf: "</dict>\n".utf8)
        }
    }

    private static func indent(_ depth: Int, _ output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(0x09, count: depth))
    }

    private static func element(_ name: String, _ text: String, _ output: inout [UInt8]) {
        output.append(contentsOf: "<\(name)>\(text)</\(name)>\n".utf8)
    }

    /// `&`, `<`, `>` as entities; CR and the other C0 controls (except tab and LF) as character
    /// references, so that XML line-end normalization cannot turn CR into LF. (Controls are not
    /// XML 1.0 characters at all; CFPropertyList reads the references back.)
    static func escaped(_ text: String) -> String {
        var result = ""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}": result += "&#\(scalar.value);"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The shortest text that reads back as the same double; CF's spellings for the rest.
    static func format(_ real: Double) -> String {
        if real.isNaN { return "nan" }
        if real.isInfinite { return real < 0 ? "-infinity" : "+infinity" }
        return "\(real)"
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`: XML plists hold whole seconds, so milliseconds are dropped
    /// (rounding down, as CFPropertyList does).
    static func format(_ date: Timestamp) -> String {
        let millis = date.millisecondsSince1970
        let seconds = millis >= 0 ? millis / 1000 : (millis - 999) / 1000
        let text = Timestamp(millisecondsSince1970: seconds * 1000).rfc3339
        return String(text.prefix(19)) + "Z"
    }
}
