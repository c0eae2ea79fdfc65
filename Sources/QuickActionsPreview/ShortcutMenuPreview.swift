import QuickActions

/// The Home Screen quick-action menu as iOS draws it after a long press on the app icon, as
/// an SVG picture: the visible items (title, subtitle, glyph), then the system items iOS adds
/// (greyed and apart, see `PreviewSystemItems`), and the app icon with its name; light or dark,
/// and optionally each HIG finding marked on its row with a numbered legend (at most
/// `legendLimit` findings, then how many more: the picture's size does not grow with the
/// list). A pure function of its inputs: the same list gives the same bytes.
///
/// `placement` says where the menu opens: `.above` the icon (the default) reverses the whole
/// menu, so the first item is nearest the icon and the system items are on top; `.below` draws
/// the icon first, then the menu in order. `platform: .android` draws a launcher's popup
/// instead (see `launcherLabel(for:)`): the shortcuts a launcher shows, no system items.
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
    /// Where the menu opens relative to the icon.
    public var placement: PreviewPlacement
    /// iOS's menu or an Android launcher's popup.
    public var platform: PreviewPlatform
    /// The items as Android shortcuts, one per item in `items`' order, at least the first
    /// `launcherCandidates(in: items)` (for `.android`); nil takes `AndroidShortcutList`'s
    /// defaults, without a platform mapping.
    public var androidShortcuts: [AndroidShortcut]?

    /// Creates a preview.
    public init(
        items: [ShortcutItem], warnings: [ShortcutWarning]? = nil, appName: String? = nil, appearance: PreviewAppearance = .light,
        language: String? = nil, version: String? = nil, placement: PreviewPlacement = .above, platform: PreviewPlatform = .ios,
        androidShortcuts: [AndroidShortcut]? = nil
    ) {
        self.items = items
        self.warnings = warnings
        self.appName = appName
        self.appearance = appearance
        self.language = language
        self.version = version
        self.placement = placement
        self.platform = platform
        self.androidShortcuts = androidShortcuts
    }

    /// Findings the legend lists; past them one line says how many more there are (the full list
    /// is the JSON list's `warnings`). So a list of any length draws a picture of bounded size.
    public static let legendLimit = 20
    /// The app icon's fill.
    static let iconColor = "#3478F6"
    /// Text on the icon, on row markers and on legend badges, in either appearance.
    static let textOnColor = "#FFFFFF"

    /// The name under the icon: `appName`, or "App" when unknown.
    var displayName: String { appName.flatMap { $0.isEmpty ? nil : $0 } ?? "App" }

    /// A finding's line in the legend; one about an item that is not drawn says which.
    private func legendText(_ warning: ShortcutWarning, drawn: Set<Int>) -> String {
        guard let index = warning.index else { return "\(warning.rule): \(warning.message)" }
        let shown = drawn.contains(index)
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

    /// Lays the menu out, top to bottom as the device shows it: with the menu `.above` the icon,
    /// the system items, the band, the app's rows last to first, then the icon; `.below`, the
    /// icon, then the app's rows first to last, the band and the system items. Then, when
    /// `warnings` is given, the legend.
    public func layout() -> ShortcutMenuLayout {
        let android = platform == .android ? launcherRows() : nil
        let drawn = android?.map(\.index) ?? items.indices.filter { items[$0].visible }
        let findings = findingsByRow(drawn: Set(drawn))
        let markerLabels = drawn.map { (findings[$0] ?? []).map(String.init).joined(separator: ",") }
        var pass = MenuLayoutPass(markerLabels: markerLabels, platform: platform, placement: placement, palette: appearance.palette)
        let above = placement == .above
        if !above { pass.addAppIcon(name: displayName) }
        pass.beginMenu()
        let system = platform == .ios ? PreviewSystemItems.items(language: language) : []
        if above, !system.isEmpty {
            for item in system.reversed() { pass.addSystemRow(item) }
            pass.addSectionGap()
        }
        let order = above ? Array(drawn.indices.reversed()) : Array(drawn.indices)
        for offset in order {
            let index = drawn[offset]
            if let android {
                pass.addAndroidRow(
                    label: android[offset].label, glyph: items[index].icon.map(ShortcutGlyph.markup(for:)), index: index,
                    findings: findings[index] ?? [], markerLabel: markerLabels[offset])
            } else {
                pass.addRow(items[index], index: index, findings: findings[index] ?? [], markerLabel: markerLabels[offset])
            }
        }
        if drawn.isEmpty { pass.addEmptyMenuNote() }
        if !above, !system.isEmpty {
            pass.addSectionGap()
            for item in system { pass.addSystemRow(item) }
        }
        pass.endMenu()
        if above { pass.addAppIcon(name: displayName) }
        if let warnings {
            let drawnSet = Set(drawn)
            let entries = legendEntries(drawn: drawnSet).map { (number: $0.number, text: legendText($0.warning, drawn: drawnSet)) }
            pass.addLegend(entries, total: warnings.count)
        }
        return pass.layout()
    }

    /// The legend numbers of the findings about each drawn row, by the row's index in `items`.
    private func findingsByRow(drawn: Set<Int>) -> [Int: [Int]] {
        var findings: [Int: [Int]] = [:]
        for (offset, warning) in (warnings ?? []).enumerated() {
            if let index = warning.index, drawn.contains(index) {
                findings[index, default: []].append(offset + 1)
            }
        }
        return findings
    }
}
