import QuickActions
import QuickActionsClient
import Testing

@Suite struct ShortcutListTests {
    static let body = """
        {"items":[{"icon":{"type":"search"},"kind":"static","localizedTitle":"Search","type":"SearchAction","visible":true},\
        {"icon":{"systemImageName":"star"},"kind":"dynamic","localizedSubtitle":"Friend","localizedTitle":"Ada",\
        "type":"FavoriteAction","userInfo":{"contactId":"c1"},"visible":true},\
        {"kind":"dynamic","localizedTitle":"Hidden","type":"FavoriteAction","userInfo":{"contactId":"c2"},"visible":false}],\
        "version":"abc","warnings":[{"index":2,"message":"too many","rule":"max-visible","type":"FavoriteAction"}]}
        """

    @Test func decodesIntoTheDomainTypes() throws {
        let list = try ShortcutList(json: Array(Self.body.utf8))
        #expect(list.version == "abc")
        #expect(list.items.count == 3)
        #expect(list.items[0] == ShortcutItem(type: "SearchAction", localizedTitle: "Search", icon: .type(.search), kind: .static))
        #expect(list.items[1].icon == .systemImageName("star"))
        #expect(list.items[1].userInfo == ["contactId": .string("c1")])
        #expect(list.warnings == [ShortcutWarning(index: 2, type: "FavoriteAction", rule: "max-visible", message: "too many")])
        #expect(list.visibleItems.map(\.localizedTitle) == ["Search", "Ada"])
        #expect(list.dynamicItems.map(\.localizedTitle) == ["Ada"])
    }

    @Test func refusesWhatIsNotAList() {
        #expect(throws: QuickActionsClientError.self) { try ShortcutList(json: Array("{\"items\":3}".utf8)) }
        #expect(throws: QuickActionsClientError.self) { try ShortcutList(json: Array("[".utf8)) }
    }

    @Test func userInfoRoundTripsThroughFoundationObjects() {
        let userInfo: [String: PropertyListValue] = ["s": .string("x"), "i": .integer(3), "b": .bool(true), "r": .real(1.5)]
        #expect(PropertyListValue.userInfo(fromFoundation: userInfo.mapValues(\.foundationObject)) == userInfo)
    }
}
