import Foundation

extension PropertyListValue {
    /// Why a Foundation property-list object has no `PropertyListValue` form.
    struct FoundationConversionError: Error {
        /// Where in the value, e.g. `["filters"][2]`; empty at the top.
        var path: String
        /// What is wrong there.
        var reason: String
    }

    /// Deepest nesting accepted, as for JSON.
    static let maxFoundationDepth = 64

    /// Converts an object returned by `PropertyListSerialization`.
    ///
    /// Booleans, integers and reals all arrive as `NSNumber`-compatible values, and on Linux
    /// `as? Bool` also succeeds for the integers 0 and 1 (and `as? Int` for 1.0), so the type
    /// is read from the object itself: swift-corelibs-foundation hands back plist booleans as
    /// Swift `Bool`; Darwin hands back `__NSCFBoolean`, whose `objCType` is `c`; integers have
    /// an integer `objCType` and reals `d` or `f`.
    init(foundationObject object: Any, path: String = "", depth: Int = 0) throws(FoundationConversionError) {
        guard depth <= Self.maxFoundationDepth else {
            throw FoundationConversionError(path: path, reason: "nests deeper than \(Self.maxFoundationDepth) levels")
        }
        if type(of: object) == Bool.self, let flag = object as? Bool {
            self = .bool(flag)
        } else if let string = object as? String {
            self = .string(string)
        } else if let date = object as? Date {
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            guard let exact = Int64(exactly: milliseconds) else {
                throw FoundationConversionError(path: path, reason: "is a date out of range")
            }
            self = .date(Timestamp(millisecondsSince1970: exact))
        } else if object is Data {
            throw FoundationConversionError(path: path, reason: "is <data>, which quickactiond cannot carry")
        } else if let number = object as? NSNumber {
            self = try Self.number(number, path: path)
        } else if let array = object as? [Any] {
            var values: [PropertyListValue] = []
            values.reserveCapacity(array.count)
            for (offset, element) in array.enumerated() {
                values.append(try PropertyListValue(foundationObject: element, path: path + "[\(offset)]", depth: depth + 1))
            }
            self = .array(values)
        } else if let dictionary = object as? [AnyHashable: Any] {
            var values: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                guard let name = key.base as? String else {
                    throw FoundationConversionError(path: path, reason: "has a key that is not a string (\(key.base))")
                }
                values[name] = try PropertyListValue(foundationObject: element, path: path + "[\"\(name)\"]", depth: depth + 1)
            }
            self = .dictionary(values)
        } else {
            throw FoundationConversionError(path: path, reason: "is a \(type(of: object)), which is not property-list data")
        }
    }

    private static func number(_ number: NSNumber, path: String) throws(FoundationConversionError) -> PropertyListValue {
        switch typeCode(number) {
        case UInt8(ascii: "c"), UInt8(ascii: "B"):
            return .bool(number.boolValue)
        case UInt8(ascii: "d"), UInt8(ascii: "f"):
            let real = number.doubleValue
            guard real.isFinite else {
                throw FoundationConversionError(path: path, reason: "is a real that is not finite, which JSON cannot carry")
            }
            return .real(real)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            guard let integer = Int64(exactly: number.uint64Value) else {
                throw FoundationConversionError(path: path, reason: "is an integer above \(Int64.max)")
            }
            return .integer(integer)
        default:
            return .integer(number.int64Value)
        }
    }

    /// The first letter of `number`'s Objective-C type encoding ("c" for a boolean, "d" for a
    /// double, "q" for a 64-bit integer…).
    private static func typeCode(_ number: NSNumber) -> UInt8 {
        String(cString: number.objCType).utf8.first ?? 0
    }

    /// The plist type name of a Foundation object, for error messages.
    static func foundationTypeName(_ object: Any) -> String {
        if type(of: object) == Bool.self { return "boolean" }
        if object is String { return "string" }
        if object is Date { return "date" }
        if object is Data { return "data" }
        if let number = object as? NSNumber {
            switch typeCode(number) {
            case UInt8(ascii: "c"), UInt8(ascii: "B"): return "boolean"
            case UInt8(ascii: "d"), UInt8(ascii: "f"): return "real"
            default: return "integer"
            }
        }
        if object is [Any] { return "array" }
        if object is [AnyHashable: Any] { return "dictionary" }
        return "\(type(of: object))"
    }
}
