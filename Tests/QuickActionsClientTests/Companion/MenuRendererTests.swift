import QuickActions
import QuickActionsClient
import Testing

@testable import QuickActionsCompanion

@Suite struct MenuRendererTests {
    static let list = ShortcutList(
        items: [
            ShortcutItem(type: "FavoriteAction", localizedTitle: "Ada", localizedSubtitle: "ada@example.com", icon: .type(.contact), kind: .dynamic),
            ShortcutItem(type: "SearchAction", localizedTitle: "Search", icon: .type(.search), kind: .static),
            ShortcutItem(
                type: "FavoriteAction", localizedTitle: String(repeating: "Long name ", count: 8), icon: .systemImageName("star"), kind: .dynamic),
            ShortcutItem(type: "FavoriteAction", localizedTitle: "Hidden Hopper", kind: .dynamic, visible: false),
        ], version: "v1", warnings: [ShortcutWarning(index: 3, type: "FavoriteAction", rule: "max-visible", message: "iOS shows four")])

    @Test func boxesStaticFirstThenDynamicThenTheHidden() {
        let lines = MenuRenderer().render(Self.list).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("╭") }.count == 3)
        let search = lines.firstIndex { $0.contains("Search") && $0.contains("⌕") } ?? -1
        let ada = lines.firstIndex { $0.contains("Ada") && $0.contains("☺") } ?? -1
        #expect(search >= 0 && search < ada, "static first")
        #expect(lines.contains { $0.contains("ada@example.com") })
        #expect(lines.contains { $0.contains("…") && $0.contains("★") }, "a long title is cut, its glyph kept")
        let widths = Set(lines.filter { $0.hasPrefix("│") || $0.hasPrefix("╭") || $0.hasPrefix("╰") }.map(\.count))
        #expect(widths.count == 1, "every box line is as wide: \(widths)")
        let hidden = lines.firstIndex { $0.hasPrefix("hidden") } ?? -1
        #expect(hidden > ada && lines[hidden...].contains { $0.contains("Hidden Hopper") })
        #expect(lines.contains { $0.contains("max-visible") })
    }

    @Test func darkUsesAnsiColoursAndPlainUsesNone() {
        #expect(MenuRenderer(dark: true).render(Self.list).contains("\u{1B}[1;97;48;5;236m"))
        #expect(!MenuRenderer().render(Self.list).contains("\u{1B}"))
    }

    @Test func everyIconTypeHasAGlyph() {
        for type in ShortcutIconType.allCases { #expect(IconGlyph.byType[type] != nil, "\(type)") }
        #expect(IconGlyph.glyph(for: nil) == " ")
        #expect(IconGlyph.glyph(for: .templateImageName("x")) == "▪")
    }
}
