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

    @Test("A list from a service without ranking decodes: no rank, no reasons, no disabled items")
    func olderListsDecode() throws {
        let list = try ShortcutList(json: Array(Self.body.utf8))
        #expect(list.items.allSatisfy { $0.rank == nil && $0.enabled })
        #expect(list.reasons == [nil, nil, nil])
        #expect(list.pinnedItems.isEmpty && list.disabledItems.isEmpty)
    }

    static let ranked = """
        {"items":[{"kind":"static","localizedTitle":"Search","type":"SearchAction","visible":true},\
        {"explain":{"pinOrder":1,"reason":"pinned"},"kind":"dynamic","localizedTitle":"Grace","rank":0,"type":"FavoriteAction",\
        "userInfo":{"contactId":"c2"},"visible":true},\
        {"explain":{"reason":"score","score":3.27},"kind":"dynamic","localizedTitle":"Ada","rank":1,"type":"FavoriteAction",\
        "userInfo":{"contactId":"c1"},"visible":true},\
        {"explain":{"reason":"created"},"kind":"dynamic","localizedTitle":"Alan","rank":2,"type":"FavoriteAction",\
        "userInfo":{"contactId":"c3"},"visible":true},\
        {"explain":{"reason":"someday"},"kind":"dynamic","localizedTitle":"Zed","rank":3,"type":"FavoriteAction",\
        "userInfo":{"contactId":"c4"},"visible":false},\
        {"disabledMessage":"This contact was deleted","enabled":false,"reason":"deleted","since":"2026-12-01T10:00:00Z",\
        "type":"FavoriteAction","userInfo":{"contactId":"c9"}},\
        {"disabledMessage":"Gone","enabled":false,"reason":"vanished","type":"FavoriteAction","userInfo":{"contactId":"c8"}}],\
        "version":"v2","warnings":[]}
        """

    @Test("rank, each dynamic item's reason, and the disabled items after the others")
    func rankedListsDecode() throws {
        let list = try ShortcutList(json: Array(Self.ranked.utf8))
        #expect(list.items.map(\.localizedTitle) == ["Search", "Grace", "Ada", "Alan", "Zed"])
        #expect(list.items.map(\.rank) == [nil, 0, 1, 2, 3])
        #expect(list.reasons == [nil, .pinned(place: 1), .score(3.27), .created, nil], "a reason this client does not know is nil")
        #expect(list.pinnedItems.map(\.localizedTitle) == ["Grace"])
        #expect(list.reason(for: list.items[2]) == .score(3.27))
        #expect(
            list.disabledItems == [
                DisabledShortcutItem(
                    type: "FavoriteAction", userInfo: ["contactId": .string("c9")], disabledMessage: "This contact was deleted", reason: .deleted,
                    since: Timestamp(rfc3339: "2026-12-01T10:00:00Z")),
                DisabledShortcutItem(type: "FavoriteAction", userInfo: ["contactId": .string("c8")], disabledMessage: "Gone"),
            ])
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
