import Foundation

extension PropertyListValue {
    /// A `UIApplicationShortcutItem.userInfo` (`[String: NSSecureCoding]`) as property-list
    /// values, or nil when it holds something that is not property-list data.
    public static func userInfo(fromFoundation dictionary: [String: Any]) -> [String: PropertyListValue]? {
        var converted: [String: PropertyListValue] = [:]
        for (key, object) in dictionary {
            guard let value = try? PropertyListValue(foundationObject: object, path: "[\(key)]", depth: 1) else { return nil }
            converted[key] = value
        }
        return converted
    }

    /// The Foundation object iOS keeps in `userInfo`: `String`, `NSNumber`, `Date`, arrays and
    /// dictionaries of them.
    public var foundationObject: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): NSNumber(value: value)
        case .real(let value): NSNumber(value: value)
        case .bool(let value): NSNumber(value: value)
        case .date(let value): Date(timeIntervalSince1970: Double(value.millisecondsSince1970) / 1000)
        case .array(let values): values.map(\.foundationObject)
        case .dictionary(let values): values.mapValues(\.foundationObject)
        }
    }
}
