/// The preview's geometry, in points, after iOS's context menu: a 254 pt platter with 16 pt
/// insets, 17 pt titles and 15 pt subtitles, the glyph at the trailing edge, the app icon below.
/// Offsets named `…Baseline` are from the top of the box the text sits in.
enum PreviewMetrics {
    // MARK: The picture

    /// Around everything, and left of the menu when no row has a marker.
    static let margin = 16.0

    // MARK: The menu and its rows

    /// The platter's width.
    static let menuWidth = 254.0
    /// The platter's corner radius.
    static let menuCornerRadius = 13.0
    /// Text and glyph from the platter's leading and trailing edges.
    static let inset = 16.0
    /// Above the first line of a row and below its last.
    static let rowPadding = 13.5
    /// From one line of a row to the next.
    static let lineHeight = 21.0
    /// A title's font size.
    static let titleSize = 17.0
    /// A subtitle's font size.
    static let subtitleSize = 15.0
    /// How much higher a subtitle's baseline sits than a title line's would.
    static let subtitleRaise = 1.0
    /// The lines a title alone may take (a title with a subtitle takes one).
    static let titleMaxLines = 2
    /// The thickness of the line between rows.
    static let separatorThickness = 0.5
    /// The side of a glyph's square.
    static let glyphSize = 22.0
    /// Between the text and the glyph.
    static let glyphGap = 12.0
    /// A glyph's stroke.
    static let glyphStrokeWidth = 1.7
    /// "No quick actions": the height the menu takes, and the line's baseline.
    static let emptyMenuHeight = 48.0
    static let emptyMenuBaseline = 30.0

    // MARK: The system items

    /// The band between the app's items and the system items.
    static let sectionGap = 8.0

    // MARK: Findings on rows

    /// The outline around a row with findings: inside the row by this much, its corner radius
    /// and stroke.
    static let highlightInset = 1.0
    static let highlightCornerRadius = 4.0
    static let highlightStrokeWidth = 2.0
    /// A row's marker (a pill with the findings' numbers, left of the menu): its height, the
    /// room each side of its label, its distance from the menu and its label's baseline.
    static let markerHeight = 18.0
    static let markerPadding = 6.0
    static let markerGap = 4.0
    static let markerBaseline = 13.0

    // MARK: The app icon and its name

    /// The icon's side and corner radius.
    static let iconSize = 60.0
    static let iconCornerRadius = 13.5
    /// The icon's distance from the menu's leading edge and below the menu.
    static let iconLeading = 8.0
    static let iconTop = 18.0
    /// The app's initial on the icon: font size, room each side, baseline.
    static let initialSize = 30.0
    static let initialInset = 6.0
    static let initialBaseline = 41.0
    /// The app's name, centered under the icon: font size, box width, baseline below the icon,
    /// and where what follows starts, below the icon.
    static let nameSize = 12.0
    static let nameWidth = 80.0
    static let nameBaseline = 16.0
    static let nameBottom = 22.0
    /// Between the app's name and a menu that opens below the icon.
    static let menuBelowIconGap = 6.0

    // MARK: An Android launcher's popup (after Launcher3)

    /// The popup's width and corner radius.
    static let androidMenuWidth = 234.0
    static let androidCornerRadius = 20.0
    /// A row's height, its label's font size and the label's baseline from the row's top.
    static let androidRowHeight = 48.0
    static let androidLabelSize = 14.0
    static let androidLabelBaseline = 29.0
    /// The shortcut's round icon: its distance from the popup's leading edge, its diameter and
    /// the glyph's side inside it.
    static let androidIconLeading = 12.0
    static let androidIconSize = 30.0
    static let androidGlyphSize = 18.0
    /// Between the icon and the label, and after the label.
    static let androidLabelGap = 12.0
    static let androidTrailingInset = 16.0

    // MARK: The legend

    /// Above the legend's heading.
    static let legendTop = 18.0
    /// The heading's font size and the room it takes.
    static let headingSize = 13.0
    static let headingHeight = 20.0
    /// The baseline of a legend line (heading, finding, "and N more").
    static let legendBaseline = 12.0
    /// A finding's text: font size, line height, indent from the menu's edge, lines at most,
    /// and the space after it.
    static let legendSize = 12.0
    static let legendLineHeight = 15.0
    static let legendIndent = 24.0
    static let legendMaxLines = 4
    static let legendEntryGap = 5.0
    /// A finding's numbered badge: centre (from the menu's edge and the line's top), radius, the
    /// number's font size and the half-width of its box.
    static let badgeCenterX = 9.0
    static let badgeCenterY = 8.0
    static let badgeRadius = 7.5
    static let badgeNumberSize = 10.0
    static let badgeNumberHalfWidth = 7.0
}
