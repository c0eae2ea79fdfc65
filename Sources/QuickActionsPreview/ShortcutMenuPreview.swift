import QuickActions

/// The Home Screen quick-action menu as iOS draws it after a long press on the app icon, as
/// an SVG picture: the visible items in order (title, subtitle, glyph), the app icon and its
/// name below, light or dark, and optionally each HIG finding marked on its row with a
/// numbered legend (at most `legendLimit` findings, then how many more: the picture's size does
/// not grow with the list). A pure function of its inputs: the same list gives the same bytes.
///
/// Text follows one documented rule, close to iOS's: a title with a subtitle takes one line;
/// a title alone takes up to two lines (broken at spaces); a subtitle takes one line; a line
/// that does not fit is cut at its tail with "…". Widths are measured with DejaVu Sans
/// (`PreviewText`), the font the picture asks for first, so what is cut is what is shown.
public struct ShortcutMenuPreview: Sendable {
    /// The whole list, localized; only the items marked visible are drawn.
    public var items: [ShortcutItem]
    /// The findings to mark (their `index` is a position in `items`); nil draws no markers.
    public var warnings: [ShortcutWarning]?
    /// The name under the icon (`CFBundleDisplayName`); "App" when unknown.
    public var appName: String?
    /// Light or dark.
    public var appearance: PreviewAppearance
    /// The language of the text, for `xml:lang`.
    public var language: String?
    /// The list's version, written into the picture so it changes exactly when the list does.
    public var version: String?

    /// Creates a preview.
    public init(
        items: [ShortcutItem], warnings: [ShortcutWarning]? = nil, appName: String? = nil, appearance: PreviewAppearance = .light,
        language: String? = nil, version: String? = nil
    ) {
        self.items = items
        self.warnings = warnings
        self.appName = appName
        self.appearance = appearance
        self.language = language
        self.version = version
    }

    // Geometry, in points, after iOS's context menu: 250 pt wide, 16 pt insets, 17 pt titles,
    // 15 pt subtitles, the glyph at the trailing edge.
    static let margin = 16.0
    static let menuWidth = 254.0
    static let inset = 16.0
    static let glyphSize = 22.0
    static let titleSize = 17.0
    static let subtitleSize = 15.0
    static let lineHeight = 21.0
    static let legendSize = 12.0
    static let legendLineHeight = 15.0
    static let legendMaxLines = 4
    /// Findings the legend lists; past them one line says how many more there are (the full list
    /// is the JSON list's `warnings`). So a list of any length draws a picture of bounded size.
    public static let legendLimit = 20
    static let iconColor = "#3478F6"

    /// A finding's line in the legend; one about an item that is not drawn says which.
    private func legendText(_ warning: ShortcutWarning) -> String {
        guard let index = warning.index else { return "\(warning.rule): \(warning.message)" }
        let shown = items.indices.contains(index) && items[index].visible
        return shown ? "\(warning.rule): \(warning.message)" : "item \(index + 1) (not shown): \(warning.rule): \(warning.message)"
    }

    /// The findings the legend lists, with their numbers (their places in `warnings`): those about
    /// the drawn rows or the whole list first, then the others, in order, `legendLimit` at most.
    private func legendEntries(drawn: Set<Int>) -> [(number: Int, warning: ShortcutWarning)] {
        var first: [(number: Int, warning: ShortcutWarning)] = []
        var others: [(number: Int, warning: ShortcutWarning)] = []
        for (offset, warning) in (warnings ?? []).enumerated() {
            let entry = (number: offset + 1, warning: warning)
            if warning.index.map(drawn.contains) ?? true {
                if first.count < Self.legendLimit { first.append(entry) }
            } else if others.count < Self.legendLimit {
                others.append(entry)
            }
        }
        return Array((first + others).prefix(Self.legendLimit))
    }

    /// Lays the menu out.
    public func layout() -> ShortcutMenuLayout {
        let palette = appearance.palette
        let visible = items.indices.filter { items[$0].visible }
        var findingsByIndex: [Int: [Int]] = [:]
        for (offset, warning) in (warnings ?? []).enumerated() {
            if let index = warning.index, items.indices.contains(index), items[index].visible {
                findingsByIndex[index, default: []].append(offset + 1)
            }
        }
        func findings(for index: Int) -> [Int] { findingsByIndex[index] ?? [] }
        let legend = legendEntries(drawn: Set(visible))
        // Row markers sit in the left margin, which grows to hold the widest.
        let markerLabels = visible.map { findings(for: $0).map(String.init).joined(separator: ",") }
        let widestMarker = markerLabels.map { $0.isEmpty ? 0 : PreviewText.width(of: $0, size: Self.legendSize) + 12 }.max() ?? 0
        let menuX = widestMarker > 0 ? Self.margin + widestMarker + 4 : Self.margin
        let menuY = Self.margin
        let width = menuX + Self.menuWidth + Self.margin
        var texts: [ShortcutMenuLayout.TextRun] = []
        var rows: [ShortcutMenuLayout.Row] = []
        var markers: [(x: Double, y: Double, width: Double, height: Double)] = []
        var y = menuY
        for (offset, index) in visible.enumerated() {
            let item = items[index]
            let glyph = item.icon.map(ShortcutGlyph.markup(for:))
            let textMinX = menuX + Self.inset
            let textMaxX = menuX + Self.menuWidth - Self.inset - (glyph == nil ? 0 : Self.glyphSize + 12)
            let boxWidth = textMaxX - textMinX
            let subtitle = item.localizedSubtitle.flatMap { $0.isEmpty ? nil : $0 }
            let titleLines =
                subtitle == nil
                ? PreviewText.wrapped(item.localizedTitle, size: Self.titleSize, maxWidth: boxWidth, maxLines: 2)
                : [PreviewText.truncated(item.localizedTitle, size: Self.titleSize, maxWidth: boxWidth)]
            let lineCount = titleLines.count + (subtitle == nil ? 0 : 1)
            let height = 27 + Double(lineCount) * Self.lineHeight
            var baseline = y + 13.5 + Self.titleSize
            for line in titleLines {
                let rtl = PreviewText.isRightToLeft(line)
                texts.append(
                    .init(
                        text: line, x: rtl ? textMaxX : textMinX, y: baseline, size: Self.titleSize, minX: textMinX, maxX: textMaxX,
                        color: palette.label, rightToLeft: rtl))
                baseline += Self.lineHeight
            }
            if let subtitle {
                let line = PreviewText.truncated(subtitle, size: Self.subtitleSize, maxWidth: boxWidth)
                let rtl = PreviewText.isRightToLeft(line)
                texts.append(
                    .init(
                        text: line, x: rtl ? textMaxX : textMinX, y: baseline - 1, size: Self.subtitleSize, minX: textMinX, maxX: textMaxX,
                        color: palette.secondaryLabel, rightToLeft: rtl))
            }
            let numbers = findings(for: index)
            if !numbers.isEmpty {
                let label = markerLabels[offset]
                let pillWidth = PreviewText.width(of: label, size: Self.legendSize) + 12
                let pill = (x: menuX - 4 - pillWidth, y: y + height / 2 - 9, width: pillWidth, height: 18.0)
                markers.append(pill)
                texts.append(
                    .init(
                        text: label, x: pill.x + pillWidth / 2, y: pill.y + 13, size: Self.legendSize, minX: pill.x + 6,
                        maxX: pill.x + pillWidth - 6, color: "#FFFFFF", rightToLeft: false, centered: true))
            }
            rows.append(
                .init(
                    y: y, height: height, index: index, glyph: glyph, glyphX: menuX + Self.menuWidth - Self.inset - Self.glyphSize,
                    glyphY: y + (height - Self.glyphSize) / 2, findings: numbers))
            y += height
        }
        if visible.isEmpty {
            let text = "No quick actions"
            texts.append(
                .init(
                    text: text, x: menuX + Self.inset, y: y + 30, size: Self.subtitleSize, minX: menuX + Self.inset,
                    maxX: menuX + Self.menuWidth - Self.inset, color: palette.secondaryLabel, rightToLeft: false))
            y += 48
        }
        let menuHeight = y - menuY
        // The icon below the menu, at its leading edge, as when the icon sits in the first column.
        let iconSize = 60.0
        let iconX = menuX + 8
        let iconY = y + 18
        let name = appName.flatMap { $0.isEmpty ? nil : $0 } ?? "App"
        let initial = name.first.map { String($0).uppercased() } ?? "A"
        texts.append(
            .init(
                text: PreviewText.truncated(initial, size: 30, maxWidth: iconSize - 12), x: iconX + iconSize / 2, y: iconY + 41, size: 30,
                minX: iconX + 6, maxX: iconX + iconSize - 6, color: "#FFFFFF", rightToLeft: false, centered: true))
        let nameBox = (minX: iconX + iconSize / 2 - 40, maxX: iconX + iconSize / 2 + 40)
        texts.append(
            .init(
                text: PreviewText.truncated(name, size: 12, maxWidth: nameBox.maxX - nameBox.minX), x: iconX + iconSize / 2,
                y: iconY + iconSize + 16, size: 12, minX: nameBox.minX, maxX: nameBox.maxX, color: palette.appName, rightToLeft: false,
                centered: true))
        y = iconY + iconSize + 22
        var badges: [(number: Int, x: Double, y: Double)] = []
        if let warnings {
            y += 18
            let heading = warnings.isEmpty ? "No HIG findings" : "HIG findings"
            texts.append(
                .init(
                    text: heading, x: menuX, y: y + 12, size: 13, minX: menuX, maxX: menuX + Self.menuWidth, color: palette.label,
                    rightToLeft: false))
            y += 20
            for (number, warning) in legend {
                let minX = menuX + 24
                let maxX = menuX + Self.menuWidth
                let lines = PreviewText.wrapped(
                    legendText(warning), size: Self.legendSize, maxWidth: maxX - minX, maxLines: Self.legendMaxLines)
                badges.append((number, menuX + 9, y + 8))
                texts.append(
                    .init(
                        text: String(number), x: menuX + 9, y: y + 12, size: 10, minX: menuX + 2, maxX: menuX + 16, color: "#FFFFFF",
                        rightToLeft: false, centered: true))
                for line in lines {
                    texts.append(
                        .init(
                            text: line, x: minX, y: y + 12, size: Self.legendSize, minX: minX, maxX: maxX, color: palette.label,
                            rightToLeft: false))
                    y += Self.legendLineHeight
                }
                y += 5
            }
            if warnings.count > legend.count {
                texts.append(
                    .init(
                        text: "and \(warnings.count - legend.count) more", x: menuX + 24, y: y + 12, size: Self.legendSize, minX: menuX + 24,
                        maxX: menuX + Self.menuWidth, color: palette.secondaryLabel, rightToLeft: false))
                y += Self.legendLineHeight + 5
            }
        }
        return ShortcutMenuLayout(
            width: width, height: y + Self.margin, menuX: menuX, menuY: menuY, menuWidth: Self.menuWidth, menuHeight: menuHeight,
            rows: rows, texts: texts, iconX: iconX, iconY: iconY, iconSize: iconSize, badges: badges, markers: markers)
    }

    /// The picture: a standalone SVG document (UTF-8, no external references).
    public func svg() -> String {
        let layout = layout()
        let palette = appearance.palette
        let w = Self.number(layout.width)
        let h = Self.number(layout.height)
        var svg = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        svg += #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)" role="img""#
        svg += #" aria-labelledby="qa-title qa-desc" font-family="'DejaVu Sans', Verdana, sans-serif""#
        if let language { svg += #" xml:lang="\#(language.xmlEscaped)""# }
        if let version { svg += #" data-list-version="\#(version.xmlEscaped)""# }
        svg += #" data-appearance="\#(appearance.rawValue)">"# + "\n"
        let name = appName.flatMap { $0.isEmpty ? nil : $0 } ?? "App"
        svg += #"<title id="qa-title">Quick actions of \#(name.xmlEscaped)</title>"# + "\n"
        let described = layout.rows.map { row in
            [items[row.index].localizedTitle, items[row.index].localizedSubtitle].compactMap { $0 }.joined(separator: ", ")
        }
        svg += #"<desc id="qa-desc">\#((described.isEmpty ? "No quick actions" : described.joined(separator: "; ")).xmlEscaped)</desc>"# + "\n"
        svg += #"<rect width="\#(w)" height="\#(h)" fill="\#(palette.wallpaper)"/>"# + "\n"
        let menu = (x: Self.number(layout.menuX), y: Self.number(layout.menuY))
        svg += #"<clipPath id="qa-menu"><rect x="\#(menu.x)" y="\#(menu.y)" width="\#(Self.number(layout.menuWidth))""#
        svg += #" height="\#(Self.number(layout.menuHeight))" rx="13"/></clipPath>"# + "\n"
        svg += #"<rect x="\#(menu.x)" y="\#(menu.y)" width="\#(Self.number(layout.menuWidth))" height="\#(Self.number(layout.menuHeight))""#
        svg += #" rx="13" fill="\#(palette.menu)"/>"# + "\n"
        svg += #"<g clip-path="url(#qa-menu)">"# + "\n"
        for (offset, row) in layout.rows.enumerated() {
            svg += #"<g class="row" data-index="\#(row.index)""#
            if !row.findings.isEmpty { svg += #" data-findings="\#(row.findings.map(String.init).joined(separator: " "))""# }
            svg += ">"
            if offset > 0 {
                svg += #"<rect x="\#(menu.x)" y="\#(Self.number(row.y - 0.25))" width="\#(Self.number(layout.menuWidth))" height="0.5""#
                svg += #" fill="\#(palette.separator)"/>"#
            }
            if !row.findings.isEmpty {
                svg += #"<rect x="\#(Self.number(layout.menuX + 1))" y="\#(Self.number(row.y + 1))" width="\#(Self.number(layout.menuWidth - 2))""#
                svg += #" height="\#(Self.number(row.height - 2))" rx="4" fill="none" stroke="\#(palette.warning)" stroke-width="2"/>"#
            }
            if let glyph = row.glyph {
                svg +=
                    #"<g transform="translate(\#(Self.number(row.glyphX)) \#(Self.number(row.glyphY))) scale(\#(Self.number(Self.glyphSize / ShortcutGlyph.gridSize)))""#
                svg += #" color="\#(palette.label)" fill="none" stroke="currentColor" stroke-width="1.7" stroke-linecap="round""#
                svg += #" stroke-linejoin="round" aria-hidden="true">\#(glyph)</g>"#
            }
            svg += "</g>\n"
        }
        svg += "</g>\n"
        for marker in layout.markers {
            svg += #"<rect x="\#(Self.number(marker.x))" y="\#(Self.number(marker.y))" width="\#(Self.number(marker.width))""#
            svg += #" height="\#(Self.number(marker.height))" rx="9" fill="\#(palette.warning)"/>"# + "\n"
        }
        let icon = (x: Self.number(layout.iconX), y: Self.number(layout.iconY), size: Self.number(layout.iconSize))
        svg += #"<rect x="\#(icon.x)" y="\#(icon.y)" width="\#(icon.size)" height="\#(icon.size)" rx="13.5" fill="\#(Self.iconColor)"/>"# + "\n"
        for badge in layout.badges {
            svg += #"<circle cx="\#(Self.number(badge.x))" cy="\#(Self.number(badge.y))" r="7.5" fill="\#(palette.warning)"/>"# + "\n"
        }
        for text in layout.texts {
            svg += #"<text x="\#(Self.number(text.x))" y="\#(Self.number(text.y))" font-size="\#(Self.number(text.size))" fill="\#(text.color)""#
            if text.centered { svg += #" text-anchor="middle""# }
            if text.rightToLeft { svg += #" direction="rtl""# }
            svg += ">\(text.text.xmlEscaped)</text>\n"
        }
        svg += "</svg>\n"
        return svg
    }

    /// A coordinate with at most two decimals, without trailing zeros.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = abs(hundredths)
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
