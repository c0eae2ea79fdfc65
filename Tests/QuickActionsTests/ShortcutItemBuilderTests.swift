import QuickActions
import Testing

@Suite struct ShortcutItemBuilderTests {
    private func favorite(_ index: Int, email: String? = nil) -> Contact {
        Contact(
            id: "id\(index)", name: "Person \(index)", email: email, favorite: true, createdAt: .now(), updatedAt: .now(),
            sequence: Int64(index))
    }

    @Test func defaultStaticItemsAreTheSamplesSearchAndShare() {
        let items = ShortcutItemBuilder().items(favorites: [])
        #expect(items.map(\.type) == ["SearchAction", "ShareAction"])
        #expect(items.map(\.localizedTitle) == ["Search", "Share"])
        #expect(items.map(\.localizedSubtitle) == ["Search for an item", "Share an item"])
        #expect(items.map(\.icon) == [.type(.search), .type(.share)])
        #expect(items.allSatisfy { $0.kind == .static && $0.visible })
    }

    @Test func favoritesFollowInGivenOrderAndOnlyFourAreVisible() {
        let items = ShortcutItemBuilder().items(favorites: [favorite(1, email: "p1@x.io"), favorite(2), favorite(3)])
        #expect(items.map(\.localizedTitle) == ["Search", "Share", "Person 1", "Person 2", "Person 3"])
        #expect(items.map(\.visible) == [true, true, true, true, false])
        let first = items[2]
        #expect(first.type == "FavoriteAction")
        #expect(first.kind == .dynamic)
        #expect(first.localizedSubtitle == "p1@x.io")
        #expect(first.icon == .type(.contact))
        #expect(first.userInfo == ["contactId": .string("id1"), "Name": .string("Person 1")])
    }

    @Test func iconTypesHaveTwentyNineCasesAndInfoPlistNames() {
        #expect(ShortcutIconType.allCases.count == 29)
        #expect(ShortcutIconType.markLocation.infoPlistName == "UIApplicationShortcutIconTypeMarkLocation")
        #expect(ShortcutIconType(infoPlistName: "UIApplicationShortcutIconTypeCapturePhoto") == .capturePhoto)
        #expect(ShortcutIconType(infoPlistName: "UIApplicationShortcutIconTypeNope") == nil)
    }
}
