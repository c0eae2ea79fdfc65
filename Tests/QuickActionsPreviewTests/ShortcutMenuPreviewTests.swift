import Foundation
import QuickActions
import Testing

@testable import QuickActionsPreview

@Suite struct ShortcutMenuPreviewTests {
    static let builder = ShortcutItemBuilder()

    static func favorite(_ name: String, email: String? = nil) -> ShortcutItem {
        ShortcutItem(
            type: ShortcutItemBuilder.favoriteActionType, localizedTitle: name, localizedSubtitle: email, icon: .type(.contact), kind: .dynamic)
    }

    /// Lists that are hard to draw, by name.
    static let trickyLists: [(String, [ShortcutItem])] = [
        ("empty", ShortcutItemBuilder(staticItems: []).items(dynamic: [])),
        (
            "long titles",
            builder.items(dynamic: [
                favorite(String(repeating: "Wolfeschlegelsteinhausenbergerdorff ", count: 4)),
                favorite("A title with no subtitle that needs two lines and then more than two lines to be written in full"),
                ShortcutItem(type: "X", localizedTitle: String(repeating: "W", count: 80), kind: .dynamic),
            ])
        ),
        ("emoji", builder.items(dynamic: [favorite("👩‍👩‍👧‍👦 Family 🇫🇷🇯🇵 ❤️‍🔥 " + String(repeating: "😀", count: 30), email: "🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉")])),
        (
            "right to left",
            builder.items(dynamic: [favorite("محمد بن موسى الخوارزمي عالم الرياضيات والفلك", email: "مرحبا@example.com"), favorite("שלום עולם")])
        ),
        (
            "combining marks",
            builder.items(dynamic: [favorite(String(repeating: "Z\u{0351}\u{0358}\u{0334}a\u{0301}\u{0302}\u{0303}\u{0304}", count: 40))])
        ),
        ("CJK", builder.items(dynamic: [favorite("東京都千代田区丸の内一丁目東京駅前郵便局長様")])),
        ("nine items", builder.items(dynamic: (1...7).map { favorite("Contact \($0)", email: "c\($0)@example.com") })),
        ("control characters", builder.items(dynamic: [favorite("Bell\u{7}tab\there\nnew line ]]> <script>alert(1)</script> & co")])),
    ]

    @Test(arguments: trickyLists.map(\.0))
    func trickyListsStayWellFormedAndInTheirBoxes(_ name: String) throws {
        let items = try #require(Self.trickyLists.first { $0.0 == name }?.1)
        let styles = PreviewAppearance.allCases.flatMap { appearance in
            PreviewPlacement.allCases.flatMap { placement in PreviewPlatform.allCases.map { (appearance, placement, $0) } }
        }
        for (appearance, placement, platform) in styles {
            let warnings = ShortcutLinter.warnings(for: items, appName: "Quick Contacts")
            let preview = ShortcutMenuPreview(
                items: items, warnings: warnings, appName: "Quick Contacts", appearance: appearance, language: "en", placement: placement,
                platform: platform)
            let layout = preview.layout()
            if platform == .ios { #expect(layout.rows.count == items.filter(\.visible).count) }
            #expect(layout.rows.count <= 4)
            for text in layout.texts {
                #expect(
                    text.width <= text.maxX - text.minX + 0.001,
                    "\(name): \"\(text.text)\" is \(text.width) wide in a box of \(text.maxX - text.minX)")
                #expect(text.minX >= 0 && text.maxX <= layout.width, "\(name): the box of \"\(text.text)\" leaves the picture")
                #expect(text.y > 0 && text.y <= layout.height)
            }
            for row in layout.rows {
                #expect(row.y >= layout.menuY && row.y + row.height <= layout.menuY + layout.menuHeight + 0.001)
                #expect(row.glyphX >= layout.menuX && row.glyphX + 22 <= layout.menuX + layout.menuWidth)
            }
            for row in layout.systemRows {
                #expect(row.y >= layout.menuY && row.y + row.height <= layout.menuY + layout.menuHeight + 0.001)
            }
            let svg = preview.svg()
            let document = SVGDocument(svg)
            #expect(document.error == nil, "\(name): \(document.error ?? "")")
            for element in document.elements {
                for attribute in ["x", "y", "cx", "cy"] {
                    guard let value = element.attributes[attribute] else { continue }
                    let number = try #require(Double(value))
                    let limit = attribute.hasSuffix("x") ? layout.width : layout.height
                    #expect(number >= 0 && number <= limit, "\(name): <\(element.name) \(attribute)=\(value)> is outside the viewBox")
                }
            }
            for element in document.elements where element.name == "rect" {
                let x = Double(element.attributes["x"] ?? "0") ?? -1
                let y = Double(element.attributes["y"] ?? "0") ?? -1
                let width = Double(element.attributes["width"] ?? "") ?? -1
                let height = Double(element.attributes["height"] ?? "") ?? -1
                #expect(x + width <= layout.width + 0.001 && y + height <= layout.height + 0.001, "\(name): a rect leaves the viewBox")
            }
            for row in layout.rows {
                let inRow = layout.texts.filter { $0.y > row.y && $0.y < row.y + row.height }
                #expect(inRow.allSatisfy { $0.y + 4 <= row.y + row.height }, "\(name): a line runs past its row")
            }
            // Every text element's content measures within its box.
            let drawn = document.texts.map(\.text)
            #expect(drawn == layout.texts.map { $0.text.xmlRoundTripped })
        }
    }

    @Test func namesAreEscapedAndStayText() throws {
        let items = Self.builder.items(dynamic: [Self.favorite("<script>alert('x')</script> & \"Bob\"")])
        let svg = ShortcutMenuPreview(items: items, appName: "<b>App</b>").svg()
        #expect(svg.contains("&lt;script>alert(&apos;x&apos;)&lt;/script> &amp; &quot;Bob&quot;"))
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<b>"))
        let document = SVGDocument(svg)
        #expect(document.error == nil)
        #expect(document.elements.allSatisfy { $0.name != "script" && $0.name != "b" })
        #expect(document.elements.first { $0.name == "desc" }?.text.contains("<script>alert('x')</script> & \"Bob\"") == true)
        #expect(document.texts.contains { $0.text.hasPrefix("<script>alert(") })
    }

    @Test func carriesNoExternalReference() {
        let items = Self.builder.items(dynamic: [Self.favorite("https://example.com/x.png"), Self.favorite("Ada")])
        let svg = ShortcutMenuPreview(items: items, warnings: [], appName: "App", appearance: .dark).svg()
        let document = SVGDocument(svg)
        for element in document.elements {
            #expect(!element.attributes.keys.contains { $0.lowercased().contains("href") || $0 == "src" })
            for value in element.attributes.values where value.contains("url(") {
                #expect(value.hasPrefix("url(#"))
            }
            #expect(!["image", "use", "foreignObject", "script", "style", "a"].contains(element.name))
        }
    }

    @Test func showsTheVisibleItemsInOrderWithTitleSubtitleAndGlyph() {
        let items = Self.builder.items(dynamic: [Self.favorite("Ada", email: "ada@example.com"), Self.favorite("Grace"), Self.favorite("Hidden")])
        let layout = ShortcutMenuPreview(items: items, placement: .below).layout()
        #expect(layout.rows.map(\.index) == [0, 1, 2, 3])
        let appTexts = layout.texts.filter { $0.y > layout.menuY }.prefix(6).map(\.text)
        #expect(appTexts == ["Search", "Search for an item", "Share", "Share an item", "Ada", "ada@example.com"])
        #expect(!layout.texts.contains { $0.text == "Hidden" })
        #expect(layout.rows.allSatisfy { $0.glyph != nil })
        #expect(layout.rows[0].glyph == ShortcutGlyph.markup(for: .search))
        // The app icon and its name sit above a menu that opens below it.
        #expect(layout.iconY + layout.iconSize < layout.menuY)
        #expect(layout.texts.contains { $0.text == "App" && $0.y > layout.iconY + layout.iconSize && $0.y < layout.menuY })
    }

    @Test("Above the icon (the default), the menu is reversed: the first item is nearest the icon, the system items on top")
    func aboveTheIconTheMenuIsReversed() throws {
        let items = Self.builder.items(dynamic: [Self.favorite("Ada", email: "ada@example.com"), Self.favorite("Grace"), Self.favorite("Hidden")])
        let layout = ShortcutMenuPreview(items: items).layout()
        #expect(layout.placement == .above)
        #expect(layout.rows.map(\.index) == [3, 2, 1, 0])
        #expect(layout.systemRows.map(\.item.id) == ["remove-app", "share-app", "edit-home-screen"])
        let gap = try #require(layout.sectionGap)
        #expect(layout.systemRows.allSatisfy { $0.y + $0.height <= gap.y + 0.001 })
        #expect(layout.rows.allSatisfy { $0.y >= gap.y + gap.height - 0.001 })
        let first = try #require(layout.rows.last)
        #expect(first.index == 0 && first.y + first.height == layout.menuY + layout.menuHeight, "the first item closes the menu")
        #expect(layout.iconY > layout.menuY + layout.menuHeight)
        // The description keeps the list's order.
        let svg = ShortcutMenuPreview(items: items).svg()
        #expect(svg.contains(">Search, Search for an item; Share, Share an item; Ada, ada@example.com; Grace</desc>"))
    }

    @Test("The system items follow the app's, greyed and apart, Remove App in red; the menu is as tall as the device's")
    func systemItemsFollowGreyedAndApart() throws {
        let items = Self.builder.items(dynamic: [Self.favorite("Ada")])
        let layout = ShortcutMenuPreview(items: items, placement: .below).layout()
        #expect(layout.systemRows.map(\.item.id) == ["edit-home-screen", "share-app", "remove-app"])
        let gap = try #require(layout.sectionGap)
        let lastApp = try #require(layout.rows.last)
        #expect(gap.y == lastApp.y + lastApp.height && gap.height == PreviewMetrics.sectionGap)
        #expect(layout.systemRows.first?.y == gap.y + gap.height)
        let heights = layout.rows.map(\.height).reduce(0, +) + gap.height + layout.systemRows.map(\.height).reduce(0, +)
        #expect(layout.menuHeight == heights)
        let palette = PreviewAppearance.light.palette
        let colors = Dictionary(uniqueKeysWithValues: layout.texts.map { ($0.text, $0.color) })
        #expect(colors["Edit Home Screen"] == palette.secondaryLabel)
        #expect(colors["Share App"] == palette.secondaryLabel)
        #expect(colors["Remove App"] == palette.destructive)
        #expect(colors["Ada"] == palette.label)
        let svg = ShortcutMenuPreview(items: items, placement: .below).svg()
        #expect(svg.contains(#"<rect class="section-gap""#))
        #expect(svg.contains(#"<g class="system-row" data-system="remove-app">"#))
        // An empty list still shows the system items, under its note.
        let empty = ShortcutMenuPreview(items: [], placement: .below).layout()
        #expect(empty.systemRows.count == 3)
        #expect(empty.texts.contains { $0.text == "No quick actions" })
    }

    @Test func systemItemLabelsFollowTheLanguageWithEnglishOtherwise() {
        #expect(PreviewSystemItems.items(language: nil).map(\.label) == ["Edit Home Screen", "Share App", "Remove App"])
        #expect(PreviewSystemItems.items(language: "fr").map(\.label) == ["Modifier l’écran d’accueil", "Partager l’app", "Supprimer l’app"])
        #expect(PreviewSystemItems.items(language: "de-AT").first?.label == "Home-Bildschirm bearbeiten")
        #expect(PreviewSystemItems.items(language: "pt-BR").map(\.label) == ["Edit Home Screen", "Share App", "Remove App"])
        let french = ShortcutMenuPreview(items: [], language: "fr").layout()
        #expect(french.texts.contains { $0.text == "Supprimer l’app" })
    }

    @Test("Android: the long label when it fits the popup, else the short one")
    func androidPicksTheLongLabelWhenItFits() {
        func shortcut(_ short: String, _ long: String?) -> AndroidShortcut {
            AndroidShortcut(type: "T", id: "t", shortLabel: short, longLabel: long, rank: 0, intent: AndroidIntent(action: nil), kind: .static)
        }
        #expect(ShortcutMenuPreview.launcherLabel(for: shortcut("Search", "Search your contacts")) == "Search your contacts")
        #expect(ShortcutMenuPreview.launcherLabel(for: shortcut("Share", "Share a contact with everyone you know well")) == "Share")
        #expect(ShortcutMenuPreview.launcherLabel(for: shortcut("Search", nil)) == "Search")
        #expect(ShortcutMenuPreview.launcherLabel(for: shortcut("Search", "")) == "Search")
        // The fit is measured: exactly the label width at 14 pt.
        let box = MenuLayoutPass.androidLabelBox
        let wide = String(repeating: "m", count: Int((box.maxX - box.minX) / PreviewText.width(of: "m", size: 14)) + 1)
        #expect(ShortcutMenuPreview.launcherLabel(for: shortcut("Short", String(wide.dropLast()))) == String(wide.dropLast()))
        #expect(ShortcutMenuPreview.launcherLabel(for: shortcut("Short", wide)) == "Short")
    }

    @Test("Android: the shortcuts a launcher shows (four enabled, static first), reversed above the icon, no system items")
    func androidDrawsALaunchersPopup() throws {
        var disabled = Self.favorite("Disabled")
        disabled.enabled = false
        let items = Self.builder.items(dynamic: [disabled, Self.favorite("Ada"), Self.favorite("Grace"), Self.favorite("Fifth")])
        let above = ShortcutMenuPreview(items: items, platform: .android).layout()
        #expect(above.platform == .android)
        #expect(above.rows.map(\.index) == [4, 3, 1, 0], "the disabled item is left out, the fifth shown one cut")
        #expect(above.systemRows.isEmpty && above.sectionGap == nil)
        #expect(above.menuWidth == PreviewMetrics.androidMenuWidth)
        #expect(above.iconY > above.menuY + above.menuHeight)
        let below = ShortcutMenuPreview(items: items, placement: .below, platform: .android).layout()
        #expect(below.rows.map(\.index) == [0, 1, 3, 4])
        #expect(below.iconY + below.iconSize < below.menuY)
        // Labels from the shortcuts given (as a platform mapping would make them).
        var shortcuts = AndroidShortcutList.render(items, mapping: nil, table: nil).shortcuts
        shortcuts[0].shortLabel = "Find"
        shortcuts[0].longLabel = nil
        let mapped = ShortcutMenuPreview(items: items, placement: .below, platform: .android, androidShortcuts: shortcuts)
        #expect(mapped.layout().texts.contains { $0.text == "Find" })
        #expect(mapped.svg().contains(#"data-platform="android" data-placement="below""#))
        #expect(!mapped.svg().contains("Remove App"))
    }

    @Test("Android: only the shortcuts up to the fourth enabled one are made")
    func androidMakesOnlyTheShortcutsItCanShow() {
        var disabled = Self.favorite("Disabled")
        disabled.enabled = false
        let items = Self.builder.items(dynamic: [disabled, Self.favorite("Ada"), Self.favorite("Grace"), Self.favorite("Fifth")])
        #expect(ShortcutMenuPreview.launcherCandidates(in: items) == 5)
        #expect(ShortcutMenuPreview.launcherCandidates(in: Array(items.prefix(3))) == 3)
        let long = Self.builder.items(dynamic: (0..<10_000).map { Self.favorite("Contact \($0)") })
        #expect(ShortcutMenuPreview.launcherCandidates(in: long) == 4)
        let cut = ShortcutMenuPreview(items: long, platform: .android).layout()
        #expect(cut.rows.map(\.index) == [3, 2, 1, 0])
    }

    @Test func titlesAreCutWhereTheyStopFitting() throws {
        let long = "Send a message to everyone in the family group chat right now"
        let withSubtitle = ShortcutMenuPreview(items: Self.builder.items(dynamic: [Self.favorite(long, email: "x@example.com")])).layout()
        let cut = try #require(withSubtitle.texts.first { $0.text.hasPrefix("Send") })
        #expect(cut.text.hasSuffix("…"))
        #expect(withSubtitle.texts.filter { $0.text.hasPrefix("Send") || $0.y == cut.y + 21 }.count == 1, "one title line with a subtitle")
        let alone = ShortcutMenuPreview(items: Self.builder.items(dynamic: [Self.favorite(long)])).layout()
        let row = try alone.row(2)
        let rowTexts = alone.texts.filter { $0.size == 17 && $0.y > row.y && $0.y < row.y + row.height }
        #expect(rowTexts.count == 2, "two title lines without a subtitle")
        #expect(rowTexts[0].text == "Send a message to")
        #expect(rowTexts.last?.text.hasSuffix("…") == true)
        #expect(row.height == 69)
        let short = ShortcutMenuPreview(items: Self.builder.items(dynamic: [Self.favorite("Grace")])).layout()
        #expect(try short.row(2).height == 48, "one line, no subtitle")
    }

    @Test func warningsAreMarkedOnTheirRowsWithANumberedLegend() throws {
        var items = Self.builder.items(dynamic: [Self.favorite("A title that is far too long to read"), Self.favorite("😀 Party")])
        items += Self.builder.items(dynamic: [Self.favorite("x"), Self.favorite("y"), Self.favorite("Hidden 😀")]).suffix(1)
        let warnings = ShortcutLinter.warnings(for: items, appName: "App")
        #expect(warnings.count >= 3)
        let layout = ShortcutMenuPreview(items: items, warnings: warnings, appName: "App").layout()
        #expect(try layout.row(2).findings == [1])
        #expect(try layout.row(3).findings == [2])
        #expect(layout.badges.map(\.number) == Array(1...warnings.count))
        #expect(layout.markers.count == 2)
        #expect(layout.texts.contains { $0.text.hasPrefix("item 5 (not shown): emoji") })
        #expect(layout.menuX > PreviewMetrics.margin, "the margin grows to hold the markers")
        let none = ShortcutMenuPreview(items: Self.builder.items(dynamic: []), warnings: []).layout()
        #expect(none.texts.contains { $0.text == "No HIG findings" })
    }

    @Test("The legend lists 20 findings, those about the drawn rows first, then says how many more: the picture does not grow with the list")
    func legendIsBounded() throws {
        let items = Self.builder.items(dynamic: (0..<10_000).map { Self.favorite("Same Name", email: "c\($0)@example.com") })
        // Findings about hidden items first, as the Info.plist's come first in a list's findings.
        let hidden = (0..<30).map { ShortcutWarning(index: 5_000 + $0, type: "FavoriteAction", rule: "empty-value", message: "hidden \($0)") }
        let warnings = hidden + ShortcutLinter.warnings(for: items, appName: nil)
        #expect(warnings.count == 30 + 9_999)
        let preview = ShortcutMenuPreview(items: items, warnings: warnings)
        let layout = preview.layout()
        #expect(layout.badges.count == ShortcutMenuPreview.legendLimit)
        #expect(layout.texts.contains { $0.text == "and \(warnings.count - 20) more" })
        // The fourth row (the second "Same Name") is finding 31; it is listed, first.
        #expect(try layout.row(3).findings == [31])
        #expect(layout.badges.map(\.number) == [31] + Array(1...19))
        #expect(layout.height < 2_000, "\(layout.height)")
        let svg = preview.svg()
        #expect(svg.utf8.count < 64 * 1024, "\(svg.utf8.count) bytes")
        #expect(SVGDocument(svg).error == nil)
        // Twenty findings or fewer: no such line.
        let few = ShortcutMenuPreview(items: items, warnings: Array(warnings.prefix(20))).layout()
        #expect(!few.texts.contains { $0.text.hasSuffix(" more") })
        #expect(few.badges.count == 20)
    }

    @Test func everySystemIconTypeHasItsOwnGlyphAndOthersAFallback() {
        let glyphs = ShortcutIconType.allCases.map(ShortcutGlyph.markup(for:))
        #expect(glyphs.count == 29)
        #expect(Set(glyphs).count == 29)
        #expect(!glyphs.contains(ShortcutGlyph.fallback))
        for glyph in glyphs + [ShortcutGlyph.fallback] {
            #expect(SVGDocument("<svg xmlns=\"http://www.w3.org/2000/svg\">\(glyph)</svg>").error == nil)
        }
        #expect(ShortcutGlyph.markup(for: .systemImageName("star.fill")) == ShortcutGlyph.fallback)
        #expect(ShortcutGlyph.markup(for: .templateImageName("Logo")) == ShortcutGlyph.fallback)
    }

    @Test func theSameListGivesTheSameBytesAndAppearancesDiffer() {
        let items = Self.builder.items(dynamic: [Self.favorite("Ada")])
        let light = ShortcutMenuPreview(items: items, appearance: .light, version: "v1").svg()
        #expect(light == ShortcutMenuPreview(items: items, appearance: .light, version: "v1").svg())
        #expect(light != ShortcutMenuPreview(items: items, appearance: .dark, version: "v1").svg())
        #expect(light != ShortcutMenuPreview(items: items, appearance: .light, version: "v2").svg())
        #expect(light.contains(#"data-list-version="v1""#))
    }
}

extension ShortcutMenuLayout {
    /// The row of the item at `index` in the list, wherever the placement puts it.
    fileprivate func row(_ index: Int) throws -> Row {
        try #require(rows.first { $0.index == index })
    }
}

extension String {
    /// What an XML parser gives back for this text once escaped (characters XML cannot carry
    /// become U+FFFD; a carriage return is read as a line feed).
    fileprivate var xmlRoundTripped: String {
        xmlEscaped.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
