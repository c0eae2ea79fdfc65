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
        svg += #" data-appearance="\#(appearance.rawValue)">"# + "\n"
        svg += #"<title id="qa-title">Quick actions of \#(displayName.xmlEscaped)</title>"# + "\n"
        let described = layout.rows.map { row in
            [items[row.index].localizedTitle, items[row.index].localizedSubtitle].compactMap { $0 }.joined(separator: ", ")
        }
        svg += #"<desc id="qa-desc">\#((described.isEmpty ? "No quick actions" : described.joined(separator: "; ")).xmlEscaped)</desc>"# + "\n"
        svg += #"<rect width="\#(w)" height="\#(h)" fill="\#(appearance.palette.wallpaper)"/>"# + "\n"
    }

    /// The platter and, clipped to it, the rows.
    private func writeMenu(_ layout: ShortcutMenuLayout, into svg: inout String) {
        let frame =
            #"x="\#(Self.number(layout.menuX))" y="\#(Self.number(layout.menuY))" width="\#(Self.number(layout.menuWidth))""#
            + #" height="\#(Self.number(layout.menuHeight))" rx="\#(Self.number(Metrics.menuCornerRadius))""#
        svg += #"<clipPath id="qa-menu"><rect \#(frame)/></clipPath>"# + "\n"
        svg += #"<rect \#(frame) fill="\#(appearance.palette.menu)"/>"# + "\n"
        svg += #"<g clip-path="url(#qa-menu)">"# + "\n"
        for (offset, row) in layout.rows.enumerated() { write(row, separated: offset > 0, layout: layout, into: &svg) }
        svg += "</g>\n"
    }

    /// One row's group: the separator above it (all rows but the first), its findings' outline,
    /// and its glyph.
    private func write(_ row: ShortcutMenuLayout.Row, separated: Bool, layout: ShortcutMenuLayout, into svg: inout String) {
        let palette = appearance.palette
        svg += #"<g class="row" data-index="\#(row.index)""#
        if !row.findings.isEmpty { svg += #" data-findings="\#(row.findings.map(String.init).joined(separator: " "))""# }
        svg += ">"
        if separated {
            svg += #"<rect x="\#(Self.number(layout.menuX))" y="\#(Self.number(row.y - Metrics.separatorThickness / 2))""#
            svg += #" width="\#(Self.number(layout.menuWidth))" height="\#(Self.number(Metrics.separatorThickness))" fill="\#(palette.separator)"/>"#
        }
        if !row.findings.isEmpty {
            let inset = Metrics.highlightInset
            svg += #"<rect x="\#(Self.number(layout.menuX + inset))" y="\#(Self.number(row.y + inset))""#
            svg += #" width="\#(Self.number(layout.menuWidth - 2 * inset))" height="\#(Self.number(row.height - 2 * inset))""#
            svg += #" rx="\#(Self.number(Metrics.highlightCornerRadius))" fill="none" stroke="\#(palette.warning)""#
            svg += #" stroke-width="\#(Self.number(Metrics.highlightStrokeWidth))"/>"#
        }
        if let glyph = row.glyph {
            let scale = Self.number(Metrics.glyphSize / ShortcutGlyph.gridSize)
            svg += #"<g transform="translate(\#(Self.number(row.glyphX)) \#(Self.number(row.glyphY))) scale(\#(scale))""#
            svg += #" color="\#(palette.label)" fill="none" stroke="currentColor" stroke-width="\#(Self.number(Metrics.glyphStrokeWidth))""#
            svg += #" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">\#(glyph)</g>"#
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
        svg += #" rx="\#(Self.number(Metrics.iconCornerRadius))" fill="\#(Self.iconColor)"/>"# + "\n"
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
