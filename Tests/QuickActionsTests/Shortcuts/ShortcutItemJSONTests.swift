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
