import Testing

@testable import QuickActions

@Suite struct CharacterEmojiTests {
    @Test(
        arguments: [
            "😀", "⭐", "⭐️", "❤️", "☺️", "1️⃣", "#️⃣", "1⃣", "👍🏽", "🇫🇷", "👨‍👩‍👧", "🏳️‍🌈", "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
        ] as [Character])
    func picturesAreEmoji(character: Character) {
        #expect(character.isEmojiGlyph)
    }

    @Test(
        arguments: [
            "1", "#", "*", "©", "®", "™", "‼", "❤", "☺", "⌚︎", "é", "中", "A", " ", "1\u{200D}",
        ] as [Character])
    func textIsNotEmoji(character: Character) {
        #expect(!character.isEmojiGlyph)
    }
}
