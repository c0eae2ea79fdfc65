import Foundation
import Testing

@testable import QuickActions

/// Foundation on Linux hands plist booleans back as `Bool` but lets `as? Bool` succeed on the
/// integers 0 and 1 (and `as? Int` on the real 1.0): these pin down that every kind stays apart.
@Suite struct PropertyListValueFoundationTests {
    static let expected: [String: PropertyListValue] = [
        "true": .bool(true),
        "false": .bool(false),
        "zero": .integer(0),
        "one": .integer(1),
        "negative": .integer(-5),
        "largest": .integer(Int64.max),
        "realZero": .real(0),
        "realOne": .real(1),
        "real": .real(2.5),
        "date": .date(Timestamp(millisecondsSince1970: -1000)),
        "numericString": .string("1"),
        "emptyString": .string(""),
        "emptyArray": .array([]),
        "emptyDict": .dictionary([:]),
        "mixed": .array([.integer(1), .bool(true), .real(1), .dictionary(["deep": .array([.bool(false)])])]),
    ]

    @Test(arguments: ["UserInfoTypes.plist", "UserInfoTypes-binary.plist"])
    func keepsBooleansIntegersRealsAndDatesApart(name: String) throws {
        let configuration = try StaticShortcutConfiguration.load(path: try FixtureFiles.path(name))
        let userInfo = try #require(configuration.staticItems.first?.userInfo)
        #expect(userInfo.keys.sorted() == Self.expected.keys.sorted())
        for (key, value) in Self.expected {
            #expect(userInfo[key] == value, "\(key)")
        }
    }

    @Test func convertsObjectsBuiltInMemory() throws {
        #expect(try PropertyListValue(foundationObject: true) == .bool(true))
        #expect(try PropertyListValue(foundationObject: NSNumber(value: true)) == .bool(true))
        #expect(try PropertyListValue(foundationObject: NSNumber(value: 1)) == .integer(1))
        #expect(try PropertyListValue(foundationObject: NSNumber(value: 1.0)) == .real(1))
        #expect(try PropertyListValue(foundationObject: NSNumber(value: UInt64(7))) == .integer(7))
        #expect(try PropertyListValue(foundationObject: Date(timeIntervalSince1970: 1.5)) == .date(Timestamp(millisecondsSince1970: 1500)))
        #expect(
            try PropertyListValue(foundationObject: ["a": [1, "b"]] as [String: Any]) == .dictionary(["a": .array([.integer(1), .string("b")])]))
    }

    @Test func refusesWhatIsNotPropertyListData() throws {
        let data = try #require(throws: PropertyListValue.FoundationConversionError.self) {
            try PropertyListValue(foundationObject: ["blob": Data([1, 2])] as [String: Any])
        }
        #expect(data.path == "[\"blob\"]")
        let infinite = try #require(throws: PropertyListValue.FoundationConversionError.self) {
            try PropertyListValue(foundationObject: [Double.infinity])
        }
        #expect(infinite.path == "[0]")
        #expect(infinite.reason.contains("not finite"))
        let other = try #require(throws: PropertyListValue.FoundationConversionError.self) {
            try PropertyListValue(foundationObject: URL(fileURLWithPath: "/"))
        }
        #expect(other.reason.contains("not property-list data"))
    }

    @Test func refusesNestingDeeperThanTheLimit() throws {
        var value: Any = "leaf"
        for _ in 0...PropertyListValue.maxFoundationDepth { value = [value] }
        #expect(throws: PropertyListValue.FoundationConversionError.self) { try PropertyListValue(foundationObject: value) }
    }
}
