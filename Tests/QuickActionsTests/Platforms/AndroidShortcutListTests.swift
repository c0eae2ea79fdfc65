import Testing

@testable import QuickActions

@Suite struct AndroidShortcutListTests {
    static func contact(_ id: String, _ name: String) -> Contact {
        Contact(
            id: id, name: name, email: nil, favorite: true, createdAt: Timestamp(millisecondsSince1970: 0),
            updatedAt: Timestamp(millisecondsSince1970: 0), sequence: 0)
    }

    static func items(_ favorites: [Contact]) -> [ShortcutItem] {
        ShortcutItemBuilder().items(favorites: favorites)
    }

    @Test func defaultsWithoutAMapping() throws {
        let items = Self.items([Self.contact("01H", "Ada Lovelace")])
        let (shortcuts, warnings) = AndroidShortcutList.render(items, mapping: nil, table: nil)
        #expect(warnings.isEmpty)
        #expect(shortcuts.map(\.id) == ["SearchAction", "ShareAction", "favorite-01H"])
        #expect(shortcuts.map(\.shortLabel) == ["Search", "Share", "Ada Lovelace"])
        #expect(shortcuts.map(\.longLabel) == ["Search", "Share", "Ada Lovelace"])
        #expect(shortcuts.map(\.rank) == [0, 1, 0])
        #expect(shortcuts.map(\.icon) == ["qa_icon_search", "qa_icon_share", "qa_icon_contact"])
        #expect(
            shortcuts[2].intent
                == AndroidIntent(action: nil).with(extras: [
                    AndroidExtra(name: "Name", value: .string("Ada Lovelace")), AndroidExtra(name: "contactId", value: .string("01H")),
                ]))
        var bytes: [UInt8] = []
        shortcuts[2].writeJSON(to: &bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"categories":[],"enabled":true,"icon":"qa_icon_contact","id":"favorite-01H","intent":{"action":"android.intent.action.VIEW","extras":{"Name":{"type":"string","value":"Ada Lovelace"},"contactId":{"type":"string","value":"01H"}}},"kind":"dynamic","longLabel":"Ada Lovelace","rank":0,"shortLabel":"Ada Lovelace","visible":true}"#
        )
    }

    @Test func aFavoritesIDSurvivesARename() {
        let before = AndroidShortcutList.render(Self.items([Self.contact("01H", "Ada")]), mapping: nil, table: nil).shortcuts
        let after = AndroidShortcutList.render(Self.items([Self.contact("01H", "Ada King")]), mapping: nil, table: nil).shortcuts
        #expect(before.map(\.id) == after.map(\.id))
        #expect(before.last?.shortLabel != after.last?.shortLabel)
    }

    @Test func theLauncherShowsTheFirstFourEnabled() {
        var items = Self.items((1...5).map { Self.contact("c\($0)", "Contact \($0)") })
        items[1].enabled = false
        let shortcuts = AndroidShortcutList.render(items, mapping: nil, table: nil).shortcuts
        #expect(shortcuts.map(\.visible) == [true, false, true, true, true, false, false])
        #expect(AndroidShortcutList.render(items, mapping: nil, table: nil, maxVisible: 2).shortcuts.filter(\.visible).count == 2)
    }

    @Test func theMappingSetsIDsLabelsAndIntents() throws {
        let mapping = try #require(try PlatformMappingTests.mapping().android)
        let items = Self.items([Self.contact("01 H", "Ada")])
        let table = ["Search": "Suchen", "search_long": "Alles durchsuchen", "Removed": "Entfernt"]
        let (shortcuts, warnings) = AndroidShortcutList.render(items, mapping: mapping, table: table)
        #expect(warnings.isEmpty)
        #expect(shortcuts.map(\.id) == ["search", "ShareAction", "contact-01 H"])
        #expect(shortcuts[0].shortLabel == "Suchen")
        #expect(shortcuts[0].longLabel == "Alles durchsuchen")
        #expect(shortcuts[0].icon == "ic_search")
        #expect(shortcuts[0].intent.action == "android.intent.action.SEARCH")
        #expect(shortcuts[0].intent.targetPackage == "com.example.contacts")
        #expect(shortcuts[0].intent.extras.suffix(2) == [AndroidExtra(name: "n", value: .long(1)), AndroidExtra(name: "typed", value: .int(7))])
        #expect(shortcuts[2].intent.data == "content://contacts/01%20H")
        #expect(shortcuts[2].disabledMessage == "Entfernt")
        #expect(shortcuts[2].categories == ["android.shortcut.conversation"])

        // A dynamic item that cannot fill a template gets the default, and a finding.
        var odd = items
        odd[2].userInfo = [:]
        let rendered = AndroidShortcutList.render(odd, mapping: mapping, table: nil)
        #expect(rendered.shortcuts[2].id == "FavoriteAction")
        #expect(rendered.warnings.map(\.rule) == ["android-template-key-missing", "android-template-key-missing"])
        #expect(rendered.warnings.allSatisfy { $0.platform == .android && $0.index == 2 })
    }

    @Test func anAndroidSourceKeepsItsOwnLabelsAndIntents() throws {
        let source = try AndroidFixture.bbqTimer.source()
        let items = source.catalog.localized(source.configuration.staticItems, language: "de")
        let shortcuts = AndroidShortcutList.render(items, mapping: nil, table: source.catalog.tables["de"]).shortcuts
        #expect(shortcuts.map(\.shortLabel) == ["Anhalten 0:00", "Start"])
        #expect(shortcuts.map(\.longLabel) == ["Anhalten bei 00:00", "Start"])
        #expect(shortcuts.map(\.icon) == ["ic_shortcut_pause", "ic_shortcut_play"])
        #expect(shortcuts[0].intent.action == "android.intent.action.QUICK_CLOCK")
        #expect(shortcuts[0].categories == ["android.shortcut.conversation"])
        let antenna = try AndroidFixture.antennaPod.source()
        let package = AndroidMapping(package: "de.danoeh.antennapod")
        let queue = AndroidShortcutList.render(antenna.configuration.staticItems, mapping: package, table: antenna.catalog.tables["en"]).shortcuts
        #expect(queue.first?.intent.targetPackage == "de.danoeh.antennapod")
        let myTargets = try AndroidFixture.myTargets.source()
        let stack = AndroidShortcutList.render(myTargets.configuration.staticItems, mapping: nil, table: nil).shortcuts
        #expect(stack.first?.backStack.map(\.action) == ["android.intent.action.MAIN"])
        var bytes: [UInt8] = []
        AndroidShortcutList.writeJSON(stack, to: &bytes)
        let parsed = try JSONParser.parse(bytes)
        guard case .array(let array) = parsed, case .object(let first)? = array.first else {
            throw PlatformExportError(platform: .android, reason: "not a list")
        }
        #expect(first["backStack"] != nil)
        #expect(JSONWriter.bytes(parsed) == bytes)
    }

    @Test func theLinterFindsWhatAndroidRecommendsAgainst() {
        let long = ShortcutItem(type: "Long", localizedTitle: "A title far longer than 25 chars", kind: .static)
        let items =
            [long, long, long, long, long] + [
                ShortcutItemBuilder.favoriteItem(for: Self.contact("c", "Ada")), ShortcutItemBuilder.favoriteItem(for: Self.contact("d", "Bo")),
            ]
        var typed = items
        for index in 0..<5 { typed[index].type = "T\(index)" }
        typed[4].type = "T0"
        let shortcuts = AndroidShortcutList.render(typed, mapping: nil, table: nil).shortcuts
        let warnings = AndroidShortcutLinter.warnings(for: shortcuts)
        #expect(warnings.filter { $0.rule == "android-short-label-too-long" }.count == 5)
        #expect(warnings.filter { $0.rule == "android-long-label-too-long" }.count == 5)
        #expect(warnings.filter { $0.rule == "android-too-many-static" }.map(\.index) == [4])
        #expect(warnings.filter { $0.rule == "android-duplicate-id" }.map(\.index) == [4])
        #expect(warnings.filter { $0.rule == "android-no-disabled-message" }.map(\.index) == [5])
        #expect(warnings.allSatisfy { $0.platform == .android })
        #expect(Set(warnings.map(\.rule)).isSubset(of: AndroidShortcutLinter.rules))
        #expect(warnings.first?.description.hasPrefix("[android] item 0 (T0): android-short-label-too-long: ") == true)
    }
}

extension AndroidIntent {
    func with(extras: [AndroidExtra]) -> AndroidIntent {
        var copy = self
        copy.action = AndroidShortcutList.defaultAction
        copy.extras = extras
        return copy
    }
}
