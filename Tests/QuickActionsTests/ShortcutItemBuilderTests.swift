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

    /// With nothing pinned or picked, the ranked list of the `created` order is today's list
    /// with ranks added: the same items, in the same order, the same visibility.
    @Test func createdWithNothingPinnedIsTodaysList() {
        let plain = DynamicOrderTests.favorites.map { DynamicOrderTests.favorite($0.sequence, $0.name) }
        let builder = ShortcutItemBuilder()
        let ranked = builder.items(favorites: plain.shuffled(), order: .created)
        let today = builder.items(favorites: plain)
        #expect(
            ranked.map { item in
                var copy = item
                copy.rank = nil
                return copy
            } == today)
        #expect(ranked.map(\.rank) == [nil, nil, 0, 1, 2, 3, 4, 5, 6])
        #expect(today.allSatisfy { $0.rank == nil })
    }

    @Test func scheduledItemsComeFirstAmongTheDynamicAndEveryDynamicItemIsRanked() {
        let sale = ShortcutItem(type: "SaleAction", localizedTitle: "Summer sale", kind: .dynamic)
        let items = ShortcutItemBuilder().items(scheduled: [sale], favorites: DynamicOrderTests.favorites, order: .usage)
        #expect(items.map(\.type).prefix(3) == ["SearchAction", "ShareAction", "SaleAction"])
        #expect(items.map(\.rank) == [nil, nil, 0, 1, 2, 3, 4, 5, 6, 7])
        #expect(items.map(\.visible) == [true, true, true, true, false, false, false, false, false, false])
        #expect(items[3].userInfo?["contactId"] == .string("c6"))
    }

    @Test func iconTypesHaveTwentyNineCasesAndInfoPlistNames() {
        #expect(ShortcutIconType.allCases.count == 29)
        #expect(ShortcutIconType.markLocation.infoPlistName == "UIApplicationShortcutIconTypeMarkLocation")
        #expect(ShortcutIconType(infoPlistName: "UIApplicationShortcutIconTypeCapturePhoto") == .capturePhoto)
        #expect(ShortcutIconType(infoPlistName: "UIApplicationShortcutIconTypeNope") == nil)
    }
}
