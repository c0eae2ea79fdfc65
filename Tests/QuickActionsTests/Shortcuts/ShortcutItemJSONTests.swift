import Testing

@testable import QuickActions

/// `ShortcutItem.writeJSON` writes exactly what `JSONWriter` writes for `ShortcutItem.json`.
@Suite struct ShortcutItemJSONTests {
    static let items: [ShortcutItem] = [
        ShortcutItem(type: "SearchAction", localizedTitle: "Search", kind: .static),
        ShortcutItem(
            type: "FavoriteAction", localizedTitle: "Zoë \"quoted\" \\ 😀\u{1}", localizedSubtitle: "ada@example.com",
            icon: .type(.contact), userInfo: ["contactId": .string("abc"), "Name": .string("Zoë"), "n": .integer(3)],
            targetContentIdentifier: "scene-1", kind: .dynamic, visible: false),
        ShortcutItem(type: "x", localizedTitle: "", icon: .systemImageName("star.fill"), kind: .static, visible: false),
        ShortcutItem(type: "y", localizedTitle: "t", icon: .templateImageName("tmpl"), userInfo: [:], kind: .dynamic),
        ShortcutItem(type: "ranked", localizedTitle: "r", targetContentIdentifier: "scene", kind: .dynamic, rank: 12),
        ShortcutItem(type: "ranked", localizedTitle: "r", kind: .dynamic, visible: false, rank: 0),
        // One and two members take a path of their own (no sorted key array): every order.
        ShortcutItem(type: "one", localizedTitle: "1", userInfo: ["contactId": .string("abc")], kind: .dynamic),
        ShortcutItem(type: "two", localizedTitle: "2", userInfo: ["contactId": .string("abc"), "Name": .string("Ada")], kind: .dynamic),
        ShortcutItem(
            type: "two", localizedTitle: "2", userInfo: ["a": .integer(1), "b": .dictionary(["y": .bool(true), "x": .bool(false)])], kind: .static),
        ShortcutItem(type: "two", localizedTitle: "2", userInfo: ["b": .integer(1), "a": .integer(2)], kind: .static),
        ShortcutItem(type: "two", localizedTitle: "2", userInfo: ["é": .integer(1), "e\u{301}x": .integer(2)], kind: .static),
        ShortcutItem(type: "two", localizedTitle: "2", userInfo: ["Z": .integer(1), "a": .integer(2)], kind: .static),
        ShortcutItem(
            type: "z", localizedTitle: "nested", icon: .type(.favorite),
            userInfo: [
                "b": .array([.integer(-7), .real(1.5), .real(2), .bool(true), .string("a\"b\n"), .array([]), .dictionary([:])]),
                "B": .dictionary(["z": .bool(false), "a\u{7F}": .real(-0.25), "Å": .date(Timestamp(millisecondsSince1970: 1_700_000_000_123))]),
                "\"key\"": .integer(Int64.max),
            ],
            kind: .static),
    ]

    @Test(arguments: items)
    func writesTheSameBytesAsJSONWriter(item: ShortcutItem) {
        var direct: [UInt8] = []
        item.writeJSON(to: &direct)
        #expect(String(decoding: direct, as: UTF8.self) == String(decoding: JSONWriter.bytes(item.json), as: UTF8.self))
    }
}
