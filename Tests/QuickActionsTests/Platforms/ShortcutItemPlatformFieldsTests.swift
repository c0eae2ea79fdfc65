import Testing

@testable import QuickActions

/// `enabled`, `disabledMessage` and `android` on items, `platform` on findings: additive, so
/// that what the service wrote before is written byte for byte the same.
@Suite struct ShortcutItemPlatformFieldsTests {
    static let search = ShortcutItemBuilder.defaultStaticItems[0]

    @Test func anEnabledItemIsWrittenAsBefore() {
        var bytes: [UInt8] = []
        Self.search.writeJSON(to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"icon":{"type":"search"},"kind":"static","localizedSubtitle":"Search for an item","localizedTitle":"Search","type":"SearchAction","visible":true}"#
        )
        var withMessage = Self.search
        withMessage.disabledMessage = "Gone"
        #expect(withMessage.json == Self.search.json)
    }

    @Test func aDisabledItemSaysSo() {
        var item = Self.search
        item.enabled = false
        item.visible = false
        item.disabledMessage = "Gone"
        var bytes: [UInt8] = []
        item.writeJSON(to: &bytes)
        #expect(bytes == JSONWriter.bytes(item.json))
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(#"{"disabledMessage":"Gone","enabled":false,"icon""#))
        item.disabledMessage = nil
        bytes = []
        item.writeJSON(to: &bytes)
        #expect(bytes == JSONWriter.bytes(item.json))
        #expect(item.infoPlistEntry == Self.search.infoPlistEntry)
    }

    @Test func aJSONItemsFileMayDisableAnItem() throws {
        let configuration = try StaticShortcutConfiguration.parse(
            Array(#"[{"type": "A", "localizedTitle": "A", "enabled": false, "disabledMessage": "Gone"}, {"type": "B", "localizedTitle": "B"}]"#.utf8),
            source: "items.json")
        #expect(configuration.staticItems.map(\.enabled) == [false, true])
        #expect(configuration.staticItems.first?.disabledMessage == "Gone")
        #expect(throws: StaticShortcutConfigurationError.self) {
            try StaticShortcutConfiguration.parse(Array(#"[{"type": "A", "localizedTitle": "A", "enabled": "no"}]"#.utf8), source: "items.json")
        }
    }

    @Test func theHomeScreenShowsTheFirstFourEnabledItems() {
        var statics = (0..<3).map { ShortcutItem(type: "S\($0)", localizedTitle: "S\($0)", kind: .static) }
        statics[0].enabled = false
        let dynamic = (0..<3).map { ShortcutItem(type: "D", localizedTitle: "D\($0)", kind: .dynamic) }
        let items = ShortcutItemBuilder(staticItems: statics).items(dynamic: dynamic)
        #expect(items.map(\.visible) == [false, true, true, true, true, false])
    }

    @Test func aDisabledMessageIsTranslatedLikeATitle() {
        var item = Self.search
        item.disabledMessage = "gone_key"
        #expect(LocalizationCatalog.localized([item], table: ["gone_key": "Weg"]).first?.disabledMessage == "Weg")
        #expect(LocalizationCatalog.localized([item], table: [:]).first?.disabledMessage == "gone_key")
    }

    @Test func aFindingNamesItsPlatformOnlyWhenNotIOS() {
        let ios = ShortcutWarning(index: 0, type: "A", rule: "title-too-long", message: "m")
        #expect(JSONWriter.string(ios.json) == #"{"index":0,"message":"m","rule":"title-too-long","type":"A"}"#)
        let android = ShortcutWarning(index: 0, type: "A", rule: "android-duplicate-id", message: "m", language: "de", platform: .android)
        var bytes: [UInt8] = []
        android.writeJSON(to: &bytes)
        #expect(bytes == JSONWriter.bytes(android.json))
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"index":0,"language":"de","message":"m","platform":"android","rule":"android-duplicate-id","type":"A"}"#)
        #expect(android.description == "[android] item 0 (A): android-duplicate-id: m")
    }
}
