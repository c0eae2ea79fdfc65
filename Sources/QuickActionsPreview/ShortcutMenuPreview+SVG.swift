extension ShortcutMenuPreview {
    private typealias Metrics = PreviewMetrics

    /// The picture: a standalone SVG document (UTF-8, no external references). Drawn in this
    /// order: the wallpaper, the menu and its rows (clipped to the platter), the row markers, the
    /// app icon, the legend's badges, then every line of text.
    public func svg() -> String {
        let layout = layout()
        var svg = ""
        writeHeader(layout, into: &svg)
        writeMenu(layout, into: &svg)
        writeShapes(layout, into: &svg)
        for text in layout.texts { write(text, into: &svg) }
        svg += "</svg>\n"
        return svg
    }

    /// The XML declaration, the `<svg>` element's start with its size, language, version and
    /// appearance, its title and description (for assistive technology), and the wallpaper.
    private func writeHeader(_ layout: ShortcutMenuLayout, into svg: inout String) {
        let w = Self.number(layout.width)
        let h = Self.number(layout.height)
        svg += #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        svg += #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)" role="img""#
        svg += #" aria-labelledby="qa-title qa-desc" font-family="'DejaVu Sans', Verdana, sans-serif""#
        if let language { svg += #" xml:lang="\#(language.xmlEscaped)""# }
        if let version { svg += #" data-list-version="\#(version.xmlEscaped)""# }
        svg += #" data-appearance="\#(appearance.rawValue)" data-platform="\#(platform.rawValue)" data-placement="\#(placement.rawValue)">"#
        svg += "\n"
        svg += #"<title id="qa-title">Quick actions of \#(displayName.xmlEscaped)</title>"# + "\n"
        // In the list's order, whichever way the menu is drawn.
        let described = layout.rows.sorted { $0.index < $1.index }.map(\.label)
        svg += #"<desc id="qa-desc">\#((described.isEmpty ? "No quick actions" : described.joined(separator: "; ")).xmlEscaped)</desc>"# + "\n"
        svg += #"<rect width="\#(w)" height="\#(h)" fill="\#(appearance.palette.wallpaper)"/>"# + "\n"
    }

    /// The platter and, clipped to it, the rows, the band and the system rows. On iOS a line
    /// separates each row from the one above it in its section; Android's popup has none.
    private func writeMenu(_ layout: ShortcutMenuLayout, into svg: inout String) {
        let frame =
            #"x="\#(Self.number(layout.menuX))" y="\#(Self.number(layout.menuY))" width="\#(Self.number(layout.menuWidth))""#
            + #" height="\#(Self.number(layout.menuHeight))" rx="\#(Self.number(layout.menuCornerRadius))""#
        svg += #"<clipPath id="qa-menu"><rect \#(frame)/></clipPath>"# + "\n"
        svg += #"<rect \#(frame) fill="\#(appearance.palette.menu)"/>"# + "\n"
        svg += #"<g clip-path="url(#qa-menu)">"# + "\n"
        let separated = layout.platform == .ios
        for (offset, row) in layout.rows.enumerated() { write(row, separated: separated && offset > 0, layout: layout, into: &svg) }
        if let gap = layout.sectionGap {
            svg += #"<rect class="section-gap" x="\#(Self.number(layout.menuX))" y="\#(Self.number(gap.y))""#
            svg += #" width="\#(Self.number(layout.menuWidth))" height="\#(Self.number(gap.height))" fill="\#(appearance.palette.sectionGap)"/>"#
            svg += "\n"
        }
        for (offset, row) in layout.systemRows.enumerated() { write(row, separated: offset > 0, layout: layout, into: &svg) }
        svg += "</g>\n"
    }

    /// A system item's group: the separator above it (all but the first), and its glyph, greyed
    /// (red for Remove App).
    private func write(_ row: ShortcutMenuLayout.SystemRow, separated: Bool, layout: ShortcutMenuLayout, into svg: inout String) {
        let palette = appearance.palette
        svg += #"<g class="system-row" data-system="\#(row.item.id)">"#
        if separated { writeSeparator(at: row.y, layout: layout, into: &svg) }
        let color = row.item.destructive ? palette.destructive : palette.secondaryLabel
        writeGlyph(row.item.glyph, x: row.glyphX, y: row.glyphY, size: Metrics.glyphSize, color: color, into: &svg)
        svg += "</g>\n"
    }

    /// The line between two rows, centred on `y`.
    private func writeSeparator(at y: Double, layout: ShortcutMenuLayout, into svg: inout String) {
        svg += #"<rect x="\#(Self.number(layout.menuX))" y="\#(Self.number(y - Metrics.separatorThickness / 2))""#
        svg += #" width="\#(Self.number(layout.menuWidth))" height="\#(Self.number(Metrics.separatorThickness))""#
        svg += #" fill="\#(appearance.palette.separator)"/>"#
    }

    /// A glyph scaled to `size`, its top-left corner at `x`, `y`, stroked in `color`.
    private func writeGlyph(_ glyph: String, x: Double, y: Double, size: Double, color: String, into svg: inout String) {
        let scale = Self.number(size / ShortcutGlyph.gridSize)
        svg += #"<g transform="translate(\#(Self.number(x)) \#(Self.number(y))) scale(\#(scale))""#
        svg += #" color="\#(color)" fill="none" stroke="currentColor" stroke-width="\#(Self.number(Metrics.glyphStrokeWidth))""#
        svg += #" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">\#(glyph)</g>"#
    }

    /// One row's group: the separator above it (all rows but the first), its findings' outline,
    /// and its glyph.
    private func write(_ row: ShortcutMenuLayout.Row, separated: Bool, layout: ShortcutMenuLayout, into svg: inout String) {
        let palette = appearance.palette
        svg += #"<g class="row" data-index="\#(row.index)""#
        if !row.findings.isEmpty { svg += #" data-findings="\#(row.findings.map(String.init).joined(separator: " "))""# }
        svg += ">"
        if separated { writeSeparator(at: row.y, layout: layout, into: &svg) }
        if !row.findings.isEmpty {
            let inset = Metrics.highlightInset
            svg += #"<rect x="\#(Self.number(layout.menuX + inset))" y="\#(Self.number(row.y + inset))""#
            svg += #" width="\#(Self.number(layout.menuWidth - 2 * inset))" height="\#(Self.number(row.height - 2 * inset))""#
            svg += #" rx="\#(Self.number(Metrics.highlightCornerRadius))" fill="none" stroke="\#(palette.warning)""#
            svg += #" stroke-width="\#(Self.number(Metrics.highlightStrokeWidth))"/>"#
        }
        if let glyph = row.glyph {
            if layout.platform == .android {
                // A launcher draws a shortcut's icon round, in the app's colour.
                let radius = Metrics.androidIconSize / 2
                let center = (x: layout.menuX + Metrics.androidIconLeading + radius, y: row.y + row.height / 2)
                svg += #"<circle cx="\#(Self.number(center.x))" cy="\#(Self.number(center.y))" r="\#(Self.number(radius))""#
                svg += #" fill="\#(Self.iconColor)"/>"#
                writeGlyph(glyph, x: row.glyphX, y: row.glyphY, size: Metrics.androidGlyphSize, color: Self.textOnColor, into: &svg)
            } else {
                writeGlyph(glyph, x: row.glyphX, y: row.glyphY, size: Metrics.glyphSize, color: palette.label, into: &svg)
            }
        }
        svg += "</g>\n"
    }

    /// The shapes outside the menu: row markers, the app icon, the legend's badges.
    private func writeShapes(_ layout: ShortcutMenuLayout, into svg: inout String) {
        let warning = appearance.palette.warning
        for marker in layout.markers {
            svg += #"<rect x="\#(Self.number(marker.x))" y="\#(Self.number(marker.y))" width="\#(Self.number(marker.width))""#
            svg += #" height="\#(Self.number(marker.height))" rx="\#(Self.number(marker.height / 2))" fill="\#(warning)"/>"# + "\n"
        }
        let icon = (x: Self.number(layout.iconX), y: Self.number(layout.iconY), size: Self.number(layout.iconSize))
        svg += #"<rect x="\#(icon.x)" y="\#(icon.y)" width="\#(icon.size)" height="\#(icon.size)""#
        // Android's launchers draw app icons round; iOS's, as rounded squares.
        let iconRadius = layout.platform == .android ? layout.iconSize / 2 : Metrics.iconCornerRadius
        svg += #" rx="\#(Self.number(iconRadius))" fill="\#(Self.iconColor)"/>"# + "\n"
        for badge in layout.badges {
            svg +=
                #"<circle cx="\#(Self.number(badge.x))" cy="\#(Self.number(badge.y))" r="\#(Self.number(Metrics.badgeRadius))" fill="\#(warning)"/>"#
            svg += "\n"
        }
    }

    /// One line of text, escaped.
    private func write(_ text: ShortcutMenuLayout.TextRun, into svg: inout String) {
        svg += #"<text x="\#(Self.number(text.x))" y="\#(Self.number(text.y))" font-size="\#(Self.number(text.size))" fill="\#(text.color)""#
        if text.centered { svg += #" text-anchor="middle""# }
        if text.rightToLeft { svg += #" direction="rtl""# }
        svg += ">\(text.text.xmlEscaped)</text>\n"
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
