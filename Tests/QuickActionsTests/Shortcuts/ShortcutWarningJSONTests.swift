import Testing

@testable import QuickActions

/// `ShortcutWarning.writeJSON` writes exactly what `JSONWriter` writes for `json`: lists' versions hash these bytes.
@Suite struct ShortcutWarningJSONTests {
    static let findings = [
        ShortcutWarning(index: 3, type: "FavoriteAction", rule: "duplicate-title", message: "title \"Ada\" is the same as item 2's"),
        ShortcutWarning(index: nil, type: nil, rule: "missing-translation", message: "no entry for \"Search\"\n\t\\", language: "fr"),
        ShortcutWarning(index: 0, type: "Search\u{1}", rule: "emoji", message: "😀 é", language: "pt-BR"),
        ShortcutWarning(index: 12_345, type: nil, rule: "too-many-static", message: ""),
    ]

    @Test(arguments: findings)
    func sameBytesAsTheJSONValue(_ warning: ShortcutWarning) {
        var written: [UInt8] = []
        warning.writeJSON(to: &written)
        #expect(written == JSONWriter.bytes(warning.json), "\(String(decoding: written, as: UTF8.self))")
    }
}
