import Foundation
import Testing

@testable import QuickActions

@Suite struct PropertyListWriterTests {
    /// Items that exercise every value kind, escaping and every icon form.
    static let richItems: [ShortcutItem] = [
        ShortcutItem(
            type: "SearchAction", localizedTitle: "Search & <Find> \"it\" 'now'", localizedSubtitle: "Line 1\nLine 2\r\tend 😀",
            icon: .type(.search),
            userInfo: [
                "scope": .string("all"), "maxResults": .integer(20), "fuzzy": .bool(true), "exact": .bool(false),
                "weight": .real(0.1), "tiny": .real(1e-5), "huge": .real(1e20), "whole": .real(3),
                "since": .date(Timestamp(millisecondsSince1970: 1_704_164_645_000)),
                "before1970": .date(Timestamp(millisecondsSince1970: -1000)),
                "fields": .array([.string("name"), .string("email")]), "filter": .dictionary(["favoritesOnly": .bool(false)]),
                "min": .integer(.min), "max": .integer(.max), "control": .string("a\u{1}b"), "empty": .array([]), "none": .dictionary([:]),
            ], kind: .static),
        ShortcutItem(
            type: "ShareAction", localizedTitle: "Share", icon: .systemImageName("square.and.arrow.up"),
            targetContentIdentifier: "share-scene", kind: .static),
        ShortcutItem(type: "ComposeAction", localizedTitle: "Compose", icon: .templateImageName("ComposeTemplate"), kind: .static),
        ShortcutItem(type: "PlainAction", localizedTitle: "Plain", localizedSubtitle: "", kind: .static),
    ]

    func text(_ items: [ShortcutItem]) -> String {
        String(decoding: PropertyListWriter.xml(items: items), as: UTF8.self)
    }

    @Test func writesApplesLayoutByteForByte() {
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \t<key>UIApplicationShortcutItems</key>
            \t<array>
            \t\t<dict>
            \t\t\t<key>UIApplicationShortcutItemIconType</key>
            \t\t\t<string>UIApplicationShortcutIconTypeSearch</string>
            \t\t\t<key>UIApplicationShortcutItemSubtitle</key>
            \t\t\t<string>Search for an item</string>
            \t\t\t<key>UIApplicationShortcutItemTitle</key>
            \t\t\t<string>Search</string>
            \t\t\t<key>UIApplicationShortcutItemType</key>
            \t\t\t<string>SearchAction</string>
            \t\t\t<key>UIApplicationShortcutItemUserInfo</key>
            \t\t\t<dict>
            \t\t\t\t<key>Z</key>
            \t\t\t\t<true/>
            \t\t\t\t<key>a</key>
            \t\t\t\t<array/>
            \t\t\t\t<key>b</key>
            \t\t\t\t<real>2.5</real>
            \t\t\t\t<key>c</key>
            \t\t\t\t<date>2024-01-02T03:04:05Z</date>
            \t\t\t\t<key>d</key>
            \t\t\t\t<integer>-7</integer>
            \t\t\t</dict>
            \t\t</dict>
            \t</array>
            </dict>
            </plist>

            """
        let item = ShortcutItem(
            type: "SearchAction", localizedTitle: "Search", localizedSubtitle: "Search for an item", icon: .type(.search),
            userInfo: [
                "d": .integer(-7), "c": .date(Timestamp(millisecondsSince1970: 1_704_164_645_999)), "b": .real(2.5), "a": .array([]),
                "Z": .bool(true),
            ], kind: .static)
        #expect(text([item]) == expected)
    }

    @Test func writesAnEmptyList() {
        #expect(text([]).hasSuffix("<dict>\n\t<key>UIApplicationShortcutItems</key>\n\t<array/>\n</dict>\n</plist>\n"))
    }

    @Test func escapesMarkupAndControlCharacters() {
        let output = text(Self.richItems)
        #expect(output.contains("<string>Search &amp; &lt;Find&gt; \"it\" 'now'</string>"))
        #expect(output.contains("<string>Line 1\nLine 2&#13;\tend 😀</string>"))
        #expect(output.contains("<string>a&#1;b</string>"))
        #expect(output.contains("<real>1e-05</real>") && output.contains("<real>1e+20</real>") && output.contains("<real>3.0</real>"))
        #expect(output.contains("<date>1969-12-31T23:59:59Z</date>"))
        #expect(output.contains("<integer>-9223372036854775808</integer>"))
        #expect(output.contains("<string></string>"))
        #expect(!output.contains("kind") && !output.contains("visible"))
    }

    @Test func isDeterministic() {
        let first = PropertyListWriter.xml(items: Self.richItems)
        let rebuilt = Self.richItems.map { item in
            var copy = item
            copy.userInfo = item.userInfo.map { Dictionary(uniqueKeysWithValues: $0.sorted { $0.key > $1.key }) }
            return copy
        }
        #expect(PropertyListWriter.xml(items: rebuilt) == first)
    }

    @Test func foundationReadsBackTheSameValues() throws {
        var format = PropertyListSerialization.PropertyListFormat.binary
        let object = try PropertyListSerialization.propertyList(
            from: Data(PropertyListWriter.xml(items: Self.richItems)), options: [], format: &format)
        #expect(format == .xml)
        let root = try PropertyListValue(foundationObject: object)
        #expect(root == .dictionary(["UIApplicationShortcutItems": .array(Self.richItems.map { .dictionary($0.infoPlistEntry) })]))
    }

    @Test func theLoaderReadsBackTheSameItems() throws {
        // The loader refuses text holding a control character other than tab, line feed and
        // carriage return, as operator files may not carry one (`OperatorText`).
        #expect(throws: StaticShortcutConfigurationError.self) {
            try StaticShortcutConfiguration.parse(PropertyListWriter.xml(items: Self.richItems), source: "written.plist")
        }
        var items = Self.richItems
        items[0].userInfo?["control"] = nil
        let configuration = try StaticShortcutConfiguration.parse(PropertyListWriter.xml(items: items), source: "written.plist")
        // An empty subtitle is written as it is, and read back as absent, as iOS reads it.
        var expected = items
        expected[3].localizedSubtitle = nil
        #expect(configuration.staticItems == expected)
        #expect(configuration.warnings.map(\.rule) == ["empty-value"])

        let sample = try StaticShortcutConfiguration.load(path: try FixtureFiles.path("Info.plist")).staticItems
        let reread = try StaticShortcutConfiguration.parse(PropertyListWriter.xml(items: sample), source: "written.plist")
        #expect(reread.staticItems == sample)
    }

    @Test func datesKeepWholeSecondsOnly() throws {
        let item = ShortcutItem(
            type: "T", localizedTitle: "T", userInfo: ["at": .date(Timestamp(millisecondsSince1970: -1))], kind: .static)
        let reread = try StaticShortcutConfiguration.parse(PropertyListWriter.xml(items: [item]), source: "written.plist")
        #expect(reread.staticItems.first?.userInfo?["at"] == .date(Timestamp(millisecondsSince1970: -1000)), "rounded down")
    }

    @Test func anAppDecodesItWithPropertyListDecoder() throws {
        let decoded = try PropertyListDecoder().decode(AppInfoPlist.self, from: Data(PropertyListWriter.xml(items: Self.richItems)))
        #expect(decoded.items.count == Self.richItems.count)
        for (item, entry) in zip(Self.richItems, decoded.items) {
            #expect(entry.type == item.type)
            #expect(entry.title == item.localizedTitle)
            #expect(entry.subtitle == item.localizedSubtitle)
            #expect(entry.targetContentIdentifier == item.targetContentIdentifier)
            switch item.icon {
            case .type(let type): #expect(entry.iconType == type.infoPlistName && entry.iconFile == nil && entry.iconSymbolName == nil)
            case .systemImageName(let name): #expect(entry.iconSymbolName == name && entry.iconType == nil && entry.iconFile == nil)
            case .templateImageName(let name): #expect(entry.iconFile == name && entry.iconType == nil && entry.iconSymbolName == nil)
            case nil: #expect(entry.iconType == nil && entry.iconFile == nil && entry.iconSymbolName == nil)
            }
        }
        let userInfo = try #require(decoded.items.first?.userInfo)
        #expect(userInfo.scope == "all")
        #expect(userInfo.maxResults == 20)
        #expect(userInfo.fuzzy == true && userInfo.exact == false)
        #expect(userInfo.weight == 0.1 && userInfo.tiny == 1e-5 && userInfo.huge == 1e20 && userInfo.whole == 3)
        #expect(userInfo.since == Date(timeIntervalSince1970: 1_704_164_645))
        #expect(userInfo.before1970 == Date(timeIntervalSince1970: -1))
        #expect(userInfo.fields == ["name", "email"])
        #expect(userInfo.filter == ["favoritesOnly": false])
        #expect(userInfo.min == .min && userInfo.max == .max)
        #expect(userInfo.control == "a\u{1}b")
    }
}

/// What an iOS app might decode its Info.plist quick actions into.
private struct AppInfoPlist: Decodable {
    struct Item: Decodable {
        var type: String
        var title: String
        var subtitle: String?
        var iconType: String?
        var iconFile: String?
        var iconSymbolName: String?
        var targetContentIdentifier: String?
        var userInfo: SearchUserInfo?

        enum CodingKeys: String, CodingKey {
            case type = "UIApplicationShortcutItemType"
            case title = "UIApplicationShortcutItemTitle"
            case subtitle = "UIApplicationShortcutItemSubtitle"
            case iconType = "UIApplicationShortcutItemIconType"
            case iconFile = "UIApplicationShortcutItemIconFile"
            case iconSymbolName = "UIApplicationShortcutItemIconSymbolName"
            case targetContentIdentifier = "UIApplicationShortcutItemTargetContentIdentifier"
            case userInfo = "UIApplicationShortcutItemUserInfo"
        }
    }

    struct SearchUserInfo: Decodable {
        var scope: String
        var maxResults: Int
        var fuzzy: Bool
        var exact: Bool
        var weight: Double
        var tiny: Double
        var huge: Double
        var whole: Double
        var since: Date
        var before1970: Date
        var fields: [String]
        var filter: [String: Bool]
        var min: Int64
        var max: Int64
        var control: String
    }

    var items: [Item]

    enum CodingKeys: String, CodingKey {
        case items = "UIApplicationShortcutItems"
    }
}
