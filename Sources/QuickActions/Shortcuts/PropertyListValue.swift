/// A property-list value: what `UIApplicationShortcutItem.userInfo` may hold.
public indirect enum PropertyListValue: Sendable, Equatable, Hashable {
    case string(String)
    case integer(Int64)
    case real(Double)
    case bool(Bool)
    case date(Timestamp)
    case array([PropertyListValue])
    case dictionary([String: PropertyListValue])

    /// The JSON form: dates become RFC 3339 strings.
    public var json: JSONValue {
        switch self {
        case .string(let value): .string(value)
        case .integer(let value): .integer(value)
        case .real(let value): .double(value)
        case .bool(let value): .bool(value)
        case .date(let value): .string(value.rfc3339)
        case .array(let values): .array(values.map(\.json))
        case .dictionary(let values): .object(values.mapValues(\.json))
        }
    }

    /// Writes `JSONWriter.bytes(self.json)` without building the JSON value (no dictionary
    /// is copied: an item's userInfo is written each time a favorite enters a list).
    public func writeJSON(to output: inout [UInt8]) {
        switch self {
        case .string(let value): JSONWriter.writeString(value, to: &output)
        case .integer(let value): output.append(contentsOf: String(value).utf8)
        case .real, .bool: JSONWriter.write(json, to: &output)
        case .date(let value): JSONWriter.writeString(value.rfc3339, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (offset, value) in values.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                value.writeJSON(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .dictionary(let values): Self.writeJSON(values, to: &output)
        }
    }

    /// Writes `JSONWriter.bytes(.object(values.mapValues(\.json)))`: keys sorted, as JSONWriter does.
    public static func writeJSON(_ values: [String: PropertyListValue], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        if values.count <= 2 {
            // Most userInfo dictionaries (every favorite's) have one or two members: ordered in
            // place, with no array of sorted keys.
            var members = values.makeIterator()
            if let first = members.next() {
                let second = members.next()
                let (low, high) = second.map { first.key < $0.key ? (first, $0) : ($0, first) } ?? (first, nil)
                JSONWriter.writeString(low.key, to: &output)
                output.append(UInt8(ascii: ":"))
                low.value.writeJSON(to: &output)
                if let high {
                    output.append(UInt8(ascii: ","))
                    JSONWriter.writeString(high.key, to: &output)
                    output.append(UInt8(ascii: ":"))
                    high.value.writeJSON(to: &output)
                }
            }
            output.append(UInt8(ascii: "}"))
            return
        }
        for (offset, key) in values.keys.sorted().enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            values[key]?.writeJSON(to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    /// The property-list form of a JSON value, or nil when it has a `null` (not plist data).
    public init?(json: JSONValue) {
        switch json {
        case .null: return nil
        case .bool(let value): self = .bool(value)
        case .integer(let value): self = .integer(value)
        case .double(let value): self = .real(value)
        case .string(let value): self = .string(value)
        case .array(let values):
            var converted: [PropertyListValue] = []
            for value in values {
                guard let element = PropertyListValue(json: value) else { return nil }
                converted.append(element)
            }
            self = .array(converted)
        case .object(let values):
            var converted: [String: PropertyListValue] = [:]
            for (key, value) in values {
                guard let element = PropertyListValue(json: value) else { return nil }
                converted[key] = element
            }
            self = .dictionary(converted)
        }
    }

    /// The string, when this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
