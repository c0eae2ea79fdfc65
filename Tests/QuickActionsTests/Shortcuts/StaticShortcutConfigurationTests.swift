import Foundation
import Testing

@testable import QuickActions

@Suite struct StaticShortcutConfigurationTests {
    /// What `Info.plist` (and its binary twin) declare.
    static let sampleItems: [ShortcutItem] = [
        ShortcutItem(
            type: "SearchAction", localizedTitle: "Search", localizedSubtitle: "Search for an item", icon: .type(.search),
            userInfo: [
                "fields": .array([.string("name"), .string("email")]),
                "filter": .dictionary(["favoritesOnly": .bool(false)]),
                "fuzzy": .bool(true),
                "maxResults": .integer(20),
                "scope": .string("all"),
                "since": .date(Timestamp(rfc3339: "2024-01-02T03:04:05Z") ?? Timestamp(millisecondsSince1970: 0)),
                "weight": .real(1.5),
            ], kind: .static),
        ShortcutItem(
            type: "ShareAction", localizedTitle: "Share", localizedSubtitle: "Share an item", icon: .type(.share),
            userInfo: ["source": .string("homeScreen")], targetContentIdentifier: "share-scene", kind: .static),
    ]

    func load(_ name: String) throws -> StaticShortcutConfiguration {
        try StaticShortcutConfiguration.load(path: try FixtureFiles.path(name))
    }

    func refusal(_ name: String) throws -> StaticShortcutConfigurationError {
        let path = try FixtureFiles.path(name)
        let error = try #require(throws: StaticShortcutConfigurationError.self) { try StaticShortcutConfiguration.load(path: path) }
        #expect(error.path == path)
        #expect(error.description.hasPrefix(path + ": "), "the message names the file")
        return error
    }

    @Test(arguments: ["Info.plist", "Info-binary.plist"])
    func readsTheSampleInfoPlist(name: String) throws {
        let configuration = try load(name)
        #expect(configuration.staticItems == Self.sampleItems)
        #expect(configuration.appName == "Quick Contacts")
    }

    @Test func sampleMatchesTheBuilderDefaultsApartFromUserInfo() throws {
        let stripped = try load("Info.plist").staticItems.map { item in
            var copy = item
            copy.userInfo = nil
            copy.targetContentIdentifier = nil
            return copy
        }
        #expect(stripped == ShortcutItemBuilder.defaultStaticItems)
    }

    @Test func iconPrecedenceIsSymbolThenFileThenType() throws {
        let items = try load("IconPrecedence.plist").staticItems
        #expect(items.map(\.type) == ["AllThree", "FileAndType", "TypeOnly", "NoIcon"], "file order is kept")
        #expect(items.map(\.icon) == [.systemImageName("star.fill"), .templateImageName("StarTemplate"), .type(.taskCompleted), nil])
        #expect(items.allSatisfy { $0.kind == .static })
    }

    @Test func appNameFallsBackToBundleNameAndSkipsBuildSettings() throws {
        #expect(try load("UserInfoTypes.plist").appName == "Types")
        #expect(try load("IconPrecedence.plist").appName == nil)
        #expect(StaticShortcutConfiguration.usableAppName("$(PRODUCT_NAME)") == nil)
        #expect(StaticShortcutConfiguration.usableAppName("  Notes ") == "Notes")
    }

    @Test func readsJSONObjectAndArrayForms() throws {
        let object = try load("Items.json")
        #expect(object.appName == nil)
        #expect(object.staticItems.count == 3)
        #expect(object.staticItems[0] == Self.sampleItems[0].with(userInfo: Self.sampleItems[0].userInfo?.filter { $0.key != "since" }))
        #expect(object.staticItems[1].icon == .systemImageName("square.and.arrow.up"))
        #expect(object.staticItems[1].targetContentIdentifier == "share-scene")
        #expect(object.staticItems[2].icon == .templateImageName("ComposeTemplate"))
        #expect(object.staticItems[2].localizedSubtitle == nil, "null means absent")

        let array = try load("ItemsArray.json")
        #expect(array.staticItems.map(\.type) == ["SearchAction", "ShareAction"])
        #expect(array.staticItems.map(\.icon) == [.type(.search), .type(.share)])
    }

    @Test func detectsJSONByContentNotByName() throws {
        let bytes = Array("\u{FEFF}\n  [{\"type\": \"A\", \"localizedTitle\": \"B\"}]".utf8)
        let configuration = try StaticShortcutConfiguration.parse(bytes, source: "upload.plist")
        #expect(configuration.staticItems == [ShortcutItem(type: "A", localizedTitle: "B", kind: .static)])
    }

    @Test func refusesAFileThatCannotBeRead() throws {
        let missing = try FixtureFiles.path("Missing.plist")
        let error = try #require(throws: StaticShortcutConfigurationError.self) { try StaticShortcutConfiguration.load(path: missing) }
        #expect(error.kind == .unreadable)
        #expect(error.description == missing + ": does not exist")

        let directory = try FixtureFiles.path("Bad")
        let directoryError = try #require(throws: StaticShortcutConfigurationError.self) { try StaticShortcutConfiguration.load(path: directory) }
        #expect(directoryError.kind == .unreadable)
        #expect(directoryError.reason == "is a directory, not a regular file")
    }

    @Test(arguments: ["Bad/Truncated.plist", "Bad/NotAPlist.txt", "Bad/RootArray.plist", "Bad/Malformed.json", "Bad/UnknownTopLevelField.json"])
    func refusesMalformedFiles(name: String) throws {
        let error = try refusal(name)
        #expect(error.kind == .malformed)
        #expect(error.itemIndex == nil)
    }

    @Test func malformedMessagesSayWhatIsWrong() throws {
        #expect(try refusal("Bad/Truncated.plist").reason.hasPrefix("is not a valid property list ("))
        #expect(try refusal("Bad/NotAPlist.txt").reason == "is neither an XML nor a binary property list nor JSON")
        #expect(try refusal("Bad/RootArray.plist").reason == "has a array at its root, not a dictionary")
        #expect(try refusal("Bad/Malformed.json").reason.hasPrefix("is not valid JSON (expected a string key at byte"))
        #expect(try refusal("Bad/UnknownTopLevelField.json").reason.contains("unknown field \"appName\""))
    }

    @Test(arguments: [
        ("Bad/NoShortcutItems.plist", "has no UIApplicationShortcutItems array"),
        ("Bad/ItemsNotArray.plist", "UIApplicationShortcutItems is a dictionary, not an array"),
        ("Bad/NoItems.json", "has no \"items\" array"),
    ])
    func refusesAFileWithoutItems(name: String, reason: String) throws {
        let error = try refusal(name)
        #expect(error.kind == .missingShortcutItems)
        #expect(error.reason == reason)
    }

    @Test(arguments: [
        ("Bad/MissingType.plist", 1, "has no UIApplicationShortcutItemType"),
        ("Bad/MissingTitle.plist", 0, "has no UIApplicationShortcutItemTitle"),
        ("Bad/TitleNotString.plist", 0, "UIApplicationShortcutItemTitle must be a string, not a integer"),
        ("Bad/MissingTitle.json", 1, "has no \"localizedTitle\""),
        ("Bad/IconTwoKeys.json", 0, "\"icon\" must be an object with exactly one of \"type\", \"systemImageName\", \"templateImageName\""),
    ])
    func refusesInvalidItems(name: String, index: Int, reason: String) throws {
        let error = try refusal(name)
        #expect(error.kind == .invalidItem)
        #expect(error.itemIndex == index)
        #expect(error.reason == reason)
        #expect(error.description.contains("item \(index): "))
    }

    @Test func refusesUnknownJSONFields() throws {
        let error = try refusal("Bad/UnknownField.json")
        #expect(error.kind == .invalidItem)
        #expect(error.reason.hasPrefix("has an unknown field \"title\""))
    }

    @Test func unknownPlistIconTypeListsAllValidNames() throws {
        let error = try refusal("Bad/UnknownIconType.plist")
        #expect(error.kind == .unknownIconType)
        #expect(error.reason.contains("\"UIApplicationShortcutIconTypeSerch\""))
        for type in ShortcutIconType.allCases {
            #expect(error.reason.contains(type.infoPlistName))
        }
        #expect(ShortcutIconType.allCases.count == 29)
    }

    @Test func unknownJSONIconTypeListsAllValidNames() throws {
        let error = try refusal("Bad/UnknownIconType.json")
        #expect(error.kind == .unknownIconType)
        #expect(error.reason.hasPrefix("unknown icon type \"UIApplicationShortcutIconTypeSearch\"; valid types are compose, play,"))
        #expect(error.reason.hasSuffix(", audio, update"))
    }

    @Test(arguments: ["Bad/DuplicateType.plist", "Bad/DuplicateType.json"])
    func refusesDuplicateStaticTypes(name: String) throws {
        let error = try refusal(name)
        #expect(error.kind == .duplicateType)
        #expect(error.reason.hasPrefix("type \"SearchAction\" is already used by item 0"))
    }

    @Test(arguments: [
        ("Bad/UserInfoData.plist", "UIApplicationShortcutItemUserInfo[\"thumbnail\"] is <data>, which quickactiond cannot carry"),
        ("Bad/UserInfoNotDictionary.plist", "UIApplicationShortcutItemUserInfo must be a dictionary, not a string"),
        ("Bad/UserInfoIntegerKey-binary.plist", "UIApplicationShortcutItemUserInfo[\"nested\"] has a key that is not a string (1)"),
        ("Bad/IntegerTooLarge-binary.plist", "UIApplicationShortcutItemUserInfo[\"count\"] is an integer above 9223372036854775807"),
        ("Bad/UserInfoNull.json", "\"userInfo\"[\"filters\"][0][\"name\"] is null, which is not property-list data"),
    ])
    func refusesUserInfoThatIsNotPropertyListData(name: String, reason: String) throws {
        let error = try refusal(name)
        #expect(error.kind == .invalidUserInfo)
        #expect(error.itemIndex == 0)
        #expect(error.reason == reason)
    }
}

extension ShortcutItem {
    /// A copy with another userInfo.
    func with(userInfo: [String: PropertyListValue]?) -> ShortcutItem {
        var copy = self
        copy.userInfo = userInfo
        return copy
    }
}
