import QuickActions

/// Lays a menu preview out top to bottom: each `add…` call places one section (a row, a
/// system item, the band before them, the empty menu's line, the app icon, the legend) below
/// the ones before it and moves `y` past it. `ShortcutMenuPreview.layout()` decides what goes
/// in and in which order; this decides where.
struct MenuLayoutPass {
    private typealias Metrics = PreviewMetrics

    /// The menu's leading edge: the margin, widened to hold the widest row marker.
    let menuX: Double
    /// The platter's width: iOS's or the Android popup's.
    let menuWidth: Double
    private let platform: PreviewPlatform
    private let placement: PreviewPlacement
    private let palette: PreviewAppearance.Palette
    /// The top of the next section.
    private(set) var y = PreviewMetrics.margin
    /// The top of the menu, once `beginMenu()` is called.
    private var menuY = PreviewMetrics.margin
    private var menuHeight = 0.0
    private var texts: [ShortcutMenuLayout.TextRun] = []
    private var rows: [ShortcutMenuLayout.Row] = []
    private var systemRows: [ShortcutMenuLayout.SystemRow] = []
    private var sectionGap: (y: Double, height: Double)?
    private var markers: [(x: Double, y: Double, width: Double, height: Double)] = []
    private var badges: [(number: Int, x: Double, y: Double)] = []
    private var icon = (x: 0.0, y: 0.0)

    /// A pass for a menu whose rows carry `markerLabels` (empty for a row without findings).
    init(markerLabels: [String], platform: PreviewPlatform, placement: PreviewPlacement, palette: PreviewAppearance.Palette) {
        let widestMarker = markerLabels.map { $0.isEmpty ? 0 : Self.markerWidth($0) }.max() ?? 0
        menuX = widestMarker > 0 ? Metrics.margin + widestMarker + Metrics.markerGap : Metrics.margin
        menuWidth = platform == .android ? Metrics.androidMenuWidth : Metrics.menuWidth
        self.platform = platform
        self.placement = placement
        self.palette = palette
    }

    /// Starts the menu at `y`.
    mutating func beginMenu() { menuY = y }

    /// Ends the menu at `y`.
    mutating func endMenu() { menuHeight = y - menuY }

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
        let label = [item.localizedTitle, item.localizedSubtitle].compactMap { $0 }.joined(separator: ", ")
        rows.append(
            .init(
                y: y, height: height, index: index, label: label, glyph: glyph,
                glyphX: menuX + Metrics.menuWidth - Metrics.inset - Metrics.glyphSize, glyphY: y + (height - Metrics.glyphSize) / 2,
                findings: findings))
        y += height
    }

    /// One system item's row: one line, greyed (red for Remove App), with its glyph.
    mutating func addSystemRow(_ item: PreviewSystemItems.Item) {
        let minX = menuX + Metrics.inset
        let maxX = menuX + Metrics.menuWidth - Metrics.inset - Metrics.glyphSize - Metrics.glyphGap
        let height = 2 * Metrics.rowPadding + Metrics.lineHeight
        let line = PreviewText.truncated(item.label, size: Metrics.titleSize, maxWidth: maxX - minX)
        addLine(
            line, minX: minX, maxX: maxX, baseline: y + Metrics.rowPadding + Metrics.titleSize, size: Metrics.titleSize,
            color: item.destructive ? palette.destructive : palette.secondaryLabel)
        systemRows.append(
            .init(
                y: y, height: height, item: item, glyphX: menuX + Metrics.menuWidth - Metrics.inset - Metrics.glyphSize,
                glyphY: y + (height - Metrics.glyphSize) / 2))
        y += height
    }

    /// The band between the app's rows and the system rows.
    mutating func addSectionGap() {
        sectionGap = (y, Metrics.sectionGap)
        y += Metrics.sectionGap
    }

    /// One Android shortcut's row: its round icon at the leading edge (when the item has one)
    /// and `label` on one line, cut with "…" if it still does not fit.
    mutating func addAndroidRow(label: String, glyph: String?, index: Int, findings: [Int], markerLabel: String) {
        let box = Self.androidLabelBox
        let minX = menuX + box.minX
        let maxX = menuX + box.maxX
        let line = PreviewText.truncated(label, size: Metrics.androidLabelSize, maxWidth: maxX - minX)
        addLine(line, minX: minX, maxX: maxX, baseline: y + Metrics.androidLabelBaseline, size: Metrics.androidLabelSize, color: palette.label)
        let height = Metrics.androidRowHeight
        if !findings.isEmpty { addMarker(markerLabel, rowHeight: height) }
        let inset = (Metrics.androidIconSize - Metrics.androidGlyphSize) / 2
        rows.append(
            .init(
                y: y, height: height, index: index, label: label, glyph: glyph, glyphX: menuX + Metrics.androidIconLeading + inset,
                glyphY: y + (height - Metrics.androidGlyphSize) / 2, findings: findings))
        y += height
    }

    /// Where an Android label may go, from the popup's leading edge.
    static let androidLabelBox = (
        minX: Metrics.androidIconLeading + Metrics.androidIconSize + Metrics.androidLabelGap,
        maxX: Metrics.androidMenuWidth - Metrics.androidTrailingInset
    )

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
                maxX: menuX + menuWidth - Metrics.inset, color: palette.secondaryLabel, rightToLeft: false))
        y += Metrics.emptyMenuHeight
    }

    // MARK: The app icon

    /// The app icon at the menu's leading edge (as when the icon sits in the first column), with
    /// its initial and, below it, `name`: below the menu when it opens above, else first, with
    /// room after the name for the menu.
    mutating func addAppIcon(name: String) {
        icon = (x: menuX + Metrics.iconLeading, y: placement == .above ? y + Metrics.iconTop : y)
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
        y = icon.y + Metrics.iconSize + Metrics.nameBottom + (placement == .above ? 0 : Metrics.menuBelowIconGap)
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

    /// The layout; the picture ends a margin below `y`, and is as wide as iOS's menu (the
    /// legend's width) whatever the platform.
    func layout() -> ShortcutMenuLayout {
        ShortcutMenuLayout(
            platform: platform, placement: placement, width: menuX + Metrics.menuWidth + Metrics.margin, height: y + Metrics.margin,
            menuX: menuX, menuY: menuY, menuWidth: menuWidth, menuHeight: menuHeight,
            menuCornerRadius: platform == .android ? Metrics.androidCornerRadius : Metrics.menuCornerRadius, rows: rows,
            systemRows: systemRows, sectionGap: sectionGap, texts: texts, iconX: icon.x, iconY: icon.y, iconSize: Metrics.iconSize,
            badges: badges, markers: markers)
    }
}
