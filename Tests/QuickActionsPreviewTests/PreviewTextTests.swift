import Testing

@testable import QuickActionsPreview

@Suite struct PreviewTextTests {
    @Test func widthsComeFromTheFontNotFromCharacterCounts() {
        // DejaVu Sans: "i" is 569 units, "W" 2025, of 2048.
        #expect(abs(PreviewText.width(of: "i", size: 2048) - 569) < 0.001)
        #expect(abs(PreviewText.width(of: "W", size: 2048) - 2025) < 0.001)
        #expect(PreviewText.width(of: "iiii", size: 17) < PreviewText.width(of: "WW", size: 17))
    }

    @Test func combiningMarksAddNothingAndEmojiAndMissingCharactersAreWide() {
        #expect(PreviewText.width(of: "e\u{301}", size: 17) == PreviewText.width(of: "e", size: 17))
        #expect(PreviewText.width(of: "👩‍👩‍👧‍👦", size: 10) == 13)
        #expect(PreviewText.width(of: "東", size: 10) == 10)
    }

    @Test func truncationCutsAtTheTailWithAnEllipsisAndFits() {
        let text = "Wolfeschlegelsteinhausenbergerdorff"
        let cut = PreviewText.truncated(text, size: 17, maxWidth: 120)
        #expect(cut.hasSuffix("…"))
        #expect(text.hasPrefix(String(cut.dropLast())))
        #expect(PreviewText.width(of: cut, size: 17) <= 120)
        #expect(PreviewText.truncated("Short", size: 17, maxWidth: 120) == "Short")
        #expect(PreviewText.truncated("Family 👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦", size: 17, maxWidth: 100).hasSuffix("…"))
    }

    @Test func wrappingBreaksAtSpacesAndCutsTheLastLine() {
        let lines = PreviewText.wrapped("one two three four five six seven eight nine ten", size: 17, maxWidth: 100, maxLines: 2)
        #expect(lines.count == 2)
        #expect(lines[0] == "one two")
        #expect(lines[1].hasSuffix("…"))
        #expect(lines.allSatisfy { PreviewText.width(of: $0, size: 17) <= 100 })
        #expect(PreviewText.wrapped("Search", size: 17, maxWidth: 100, maxLines: 2) == ["Search"])
        #expect(PreviewText.wrapped("", size: 17, maxWidth: 100, maxLines: 2) == [""])
    }

    @Test func rightToLeftIsDecidedByTheFirstLetter() {
        #expect(PreviewText.isRightToLeft("مرحبا"))
        #expect(PreviewText.isRightToLeft("123 שלום"))
        #expect(!PreviewText.isRightToLeft("Hello مرحبا"))
    }

    @Test func xmlEscapingKeepsMarkupAsText() {
        #expect("<script>".xmlEscaped == "&lt;script>")
        #expect("a]]>b & 'c' \"d\"".xmlEscaped == "a]]&gt;b &amp; &apos;c&apos; &quot;d&quot;")
        #expect("bell\u{7}".xmlEscaped == "bell\u{FFFD}")
    }
}
