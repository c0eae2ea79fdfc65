import QuickActions

/// Lays a menu preview out top to bottom: each `add…` call places one section (a row, the
/// empty menu's line, the app icon, the legend) below the ones before it and moves `y` past it.
/// `ShortcutMenuPreview.layout()` decides what goes in; this decides where.
struct MenuLayoutPass {
    private typealias Metrics = PreviewMetrics

    /// The menu's leading edge: the margin, widened to hold the widest row marker.
    let menuX: Double
    private let palette: PreviewAppearance.Palette
    /// The top of the next section.
    private(set) var y = PreviewMetrics.margin
    private var texts: [ShortcutMenuLayout.TextRun] = []
    private var rows: [ShortcutMenuLayout.Row] = []
    private var markers: [(x: Double, y: Double, width: Double, height: Double)] = []
    private var badges: [(number: Int, x: Double, y: Double)] = []
    private var icon = (x: 0.0, y: 0.0)

    /// A pass for a menu whose rows carry `markerLabels` (empty for a row without findings).
    init(markerLabels: [String], palette: PreviewAppearance.Palette) {
        let widestMarker = markerLabels.map { $0.isEmpty ? 0 : Self.markerWidth($0) }.max() ?? 0
        menuX = widestMarker > 0 ? Metrics.margin + widestMarker + Metrics.markerGap : Metrics.margin
        self.palette = palette
    }

    /// A marker pill's width for `label`.
    private static func markerWidth(_ label: String) -> Double {
        PreviewText.width(of: label, size: Metrics.legendSize) + 2 * Metrics.markerPadding
    }

    // MARK: Rows

    /// One menu row for `item` (at `index` in the full list): its title and subtitle, its glyph,
    /// and, when it has findings, the marker labelled `markerLabel` left of the menu.
    mutating func addRow(_ item: ShortcutItem, index: Int, findings: [Int], markerLabel: String) {
        let glyph = item.icon.map(ShortcutGlyph.markup(for:))
        let minX = menuX + Metrics.inset
        let maxX = menuX + Metrics.menuWidth - Metrics.inset - (glyph == nil ? 0 : Metrics.glyphSize + Metrics.glyphGap)
        let subtitle = item.localizedSubtitle.flatMap { $0.isEmpty ? nil : $0 }
        let titleLines =
            subtitle == nil
            ? PreviewText.wrapped(item.localizedTitle, size: Metrics.titleSize, maxWidth: maxX - minX, maxLines: Metrics.titleMaxLines)
            : [PreviewText.truncated(item.localizedTitle, size: Metrics.titleSize, maxWidth: maxX - minX)]
        let height = 2 * Metrics.rowPadding + Double(titleLines.count + (subtitle == nil ? 0 : 1)) * Metrics.lineHeight
        var baseline = y + Metrics.rowPadding + Metrics.titleSize
        for line in titleLines {
            addLine(line, minX: minX, maxX: maxX, baseline: baseline, size: Metrics.titleSize, color: palette.label)
            baseline += Metrics.lineHeight
        }
        if let subtitle {
            let line = PreviewText.truncated(subtitle, size: Metrics.subtitleSize, maxWidth: maxX - minX)
            addLine(
                line, minX: minX, maxX: maxX, baseline: baseline - Metrics.subtitleRaise, size: Metrics.subtitleSize, color: palette.secondaryLabel)
        }
        if !findings.isEmpty { addMarker(markerLabel, rowHeight: height) }
        rows.append(
            .init(
                y: y, height: height, index: index, glyph: glyph, glyphX: menuX + Metrics.menuWidth - Metrics.inset - Metrics.glyphSize,
                glyphY: y + (height - Metrics.glyphSize) / 2, findings: findings))
        y += height
    }

    /// A title or subtitle line, starting at the box's leading edge in its reading direction.
    private mutating func addLine(_ line: String, minX: Double, maxX: Double, baseline: Double, size: Double, color: String) {
        let rtl = PreviewText.isRightToLeft(line)
        texts.append(.init(text: line, x: rtl ? maxX : minX, y: baseline, size: size, minX: minX, maxX: maxX, color: color, rightToLeft: rtl))
    }

    /// The pill left of the row at `y`, vertically centered on it.
    private mutating func addMarker(_ label: String, rowHeight: Double) {
        let width = Self.markerWidth(label)
        let pill = (x: menuX - Metrics.markerGap - width, y: y + rowHeight / 2 - Metrics.markerHeight / 2, width: width, height: Metrics.markerHeight)
        markers.append(pill)
        texts.append(
            .init(
                text: label, x: pill.x + width / 2, y: pill.y + Metrics.markerBaseline, size: Metrics.legendSize,
                minX: pill.x + Metrics.markerPadding, maxX: pill.x + width - Metrics.markerPadding, color: ShortcutMenuPreview.textOnColor,
                rightToLeft: false, centered: true))
    }

    /// The line an empty menu shows instead of rows.
    mutating func addEmptyMenuNote() {
        let minX = menuX + Metrics.inset
        texts.append(
            .init(
                text: "No quick actions", x: minX, y: y + Metrics.emptyMenuBaseline, size: Metrics.subtitleSize, minX: minX,
                maxX: menuX + Metrics.menuWidth - Metrics.inset, color: palette.secondaryLabel, rightToLeft: false))
        y += Metrics.emptyMenuHeight
    }

    // MARK: The app icon

    /// The app icon below the menu, at its leading edge (as when the icon sits in the first
    /// column), with its initial and, below it, `name`.
    mutating func addAppIcon(name: String) {
        icon = (x: menuX + Metrics.iconLeading, y: y + Metrics.iconTop)
        let centerX = icon.x + Metrics.iconSize / 2
        let initial = name.first.map { String($0).uppercased() } ?? "A"
        texts.append(
            .init(
                text: PreviewText.truncated(initial, size: Metrics.initialSize, maxWidth: Metrics.iconSize - 2 * Metrics.initialInset), x: centerX,
                y: icon.y + Metrics.initialBaseline, size: Metrics.initialSize, minX: icon.x + Metrics.initialInset,
                maxX: icon.x + Metrics.iconSize - Metrics.initialInset, color: ShortcutMenuPreview.textOnColor, rightToLeft: false, centered: true))
        let nameBox = (minX: centerX - Metrics.nameWidth / 2, maxX: centerX + Metrics.nameWidth / 2)
        texts.append(
            .init(
                text: PreviewText.truncated(name, size: Metrics.nameSize, maxWidth: nameBox.maxX - nameBox.minX), x: centerX,
                y: icon.y + Metrics.iconSize + Metrics.nameBaseline, size: Metrics.nameSize, minX: nameBox.minX, maxX: nameBox.maxX,
                color: palette.appName, rightToLeft: false, centered: true))
        y = icon.y + Metrics.iconSize + Metrics.nameBottom
    }

    // MARK: The legend

    /// The legend: a heading ("HIG findings", or "No HIG findings" when `total` is 0), each
    /// entry with its numbered badge, and how many of the `total` findings it leaves out.
    mutating func addLegend(_ entries: [(number: Int, text: String)], total: Int) {
        y += Metrics.legendTop
        addLegendLine(total == 0 ? "No HIG findings" : "HIG findings", minX: menuX, size: Metrics.headingSize, color: palette.label)
        y += Metrics.headingHeight
        for entry in entries { addLegendEntry(number: entry.number, text: entry.text) }
        if total > entries.count {
            addLegendLine(
                "and \(total - entries.count) more", minX: menuX + Metrics.legendIndent, size: Metrics.legendSize, color: palette.secondaryLabel)
            y += Metrics.legendLineHeight + Metrics.legendEntryGap
        }
    }

    /// One finding: its badge and number, then its text wrapped on up to `legendMaxLines` lines.
    private mutating func addLegendEntry(number: Int, text: String) {
        let minX = menuX + Metrics.legendIndent
        let maxX = menuX + Metrics.menuWidth
        let lines = PreviewText.wrapped(text, size: Metrics.legendSize, maxWidth: maxX - minX, maxLines: Metrics.legendMaxLines)
        let badgeX = menuX + Metrics.badgeCenterX
        badges.append((number, badgeX, y + Metrics.badgeCenterY))
        texts.append(
            .init(
                text: String(number), x: badgeX, y: y + Metrics.legendBaseline, size: Metrics.badgeNumberSize,
                minX: badgeX - Metrics.badgeNumberHalfWidth, maxX: badgeX + Metrics.badgeNumberHalfWidth, color: ShortcutMenuPreview.textOnColor,
                rightToLeft: false, centered: true))
        for line in lines {
            addLegendLine(line, minX: minX, size: Metrics.legendSize, color: palette.label)
            y += Metrics.legendLineHeight
        }
        y += Metrics.legendEntryGap
    }

    /// A left-to-right legend line at `y`, from `minX` to the menu's trailing edge.
    private mutating func addLegendLine(_ text: String, minX: Double, size: Double, color: String) {
        texts.append(
            .init(
                text: text, x: minX, y: y + Metrics.legendBaseline, size: size, minX: minX, maxX: menuX + Metrics.menuWidth, color: color,
                rightToLeft: false))
    }

    // MARK: The result

    /// The layout, with the menu `menuHeight` tall; the picture ends a margin below `y`.
    func layout(menuHeight: Double) -> ShortcutMenuLayout {
        ShortcutMenuLayout(
            width: menuX + Metrics.menuWidth + Metrics.margin, height: y + Metrics.margin, menuX: menuX, menuY: Metrics.margin,
            menuWidth: Metrics.menuWidth, menuHeight: menuHeight, rows: rows, texts: texts, iconX: icon.x, iconY: icon.y,
            iconSize: Metrics.iconSize, badges: badges, markers: markers)
    }
}
