import Testing

@testable import QuickActions

/// A prerendered item written with a rank and visibility given at render time is the item
/// written whole with that rank and visibility.
@Suite struct ShortcutItemJSONPartsTests {
    @Test(arguments: ShortcutItemJSONTests.items)
    func writesWhatTheWholeItemWrites(item: ShortcutItem) {
        let parts = ShortcutItemJSONParts(item)
        for rank in [nil, 0, 3, 10_000, Int.max] as [Int?] {
            for visible in [false, true] {
                var ranked = item
                ranked.rank = rank
                ranked.visible = visible
                var fromParts: [UInt8] = []
                parts.write(rank: rank, visible: visible, to: &fromParts)
                let whole = JSONWriter.bytes(ranked.json)
                #expect(String(decoding: fromParts, as: UTF8.self) == String(decoding: whole, as: UTF8.self), "rank \(String(describing: rank))")
                var direct: [UInt8] = []
                ranked.writeJSON(to: &direct)
                #expect(direct == whole)
            }
        }
    }

    /// The rank sits between the title and the type, as sorted keys put it, and an item
    /// without one keeps the bytes it always had.
    @Test func rankSitsBetweenTitleAndType() throws {
        let item = ShortcutItemBuilder.favoriteItem(
            for: Contact(
                id: "c1", name: "Ada", email: nil, favorite: true, createdAt: Timestamp(millisecondsSince1970: 0),
                updatedAt: Timestamp(millisecondsSince1970: 0), sequence: 1))
        let expected =
            #"{"icon":{"type":"contact"},"kind":"dynamic","localizedTitle":"Ada","rank":2,"type":"FavoriteAction","#
            + #""userInfo":{"Name":"Ada","contactId":"c1"},"visible":true}"#
        var bytes: [UInt8] = []
        ShortcutItemJSONParts(item).write(rank: 2, visible: true, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
        var hidden = item
        hidden.visible = false
        #expect(ShortcutItemJSONParts(item).hiddenJSON == JSONWriter.bytes(hidden.json))
        #expect(item.json.objectValue?["rank"] == nil)
    }
}
