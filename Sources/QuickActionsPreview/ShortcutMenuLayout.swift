/// Where everything in a menu preview goes: computed once from the list, then written as SVG
/// by `ShortcutMenuPreview`. Kept as data so tests can check that every text fits its box.
public struct ShortcutMenuLayout: Sendable {
    /// One line of text and the box it must stay in.
    public struct TextRun: Sendable, Equatable {
        /// The text as drawn (already truncated).
        public var text: String
        /// Where the line starts: the box's left edge, or its right edge for right-to-left text.
        public var x: Double
        /// The baseline.
        public var y: Double
        /// The font size.
        public var size: Double
        /// The box's left and right edges.
        public var minX: Double
        public var maxX: Double
        /// The fill colour.
        public var color: String
        /// Whether the line reads right to left.
        public var rightToLeft: Bool
        /// Centered on `x` instead of starting there (the app's name, badge numbers).
        public var centered: Bool = false

        /// The measured width of `text`.
        public var width: Double { PreviewText.width(of: text, size: size) }
    }

    /// One menu row.
    public struct Row: Sendable, Equatable {
        /// The row's top and height.
        public var y: Double
        public var height: Double
        /// The item's position in the full list.
        public var index: Int
        /// What the row says, for the picture's description (title and subtitle, or the label).
        public var label: String
        /// The glyph, when the item has an icon, and its top-left corner.
        public var glyph: String?
        public var glyphX: Double
        public var glyphY: Double
        /// The legend numbers of the findings about this row.
        public var findings: [Int]
    }

    /// One of the items iOS adds after the app's (see `PreviewSystemItems`).
    public struct SystemRow: Sendable, Equatable {
        /// The row's top and height.
        public var y: Double
        public var height: Double
        /// The item it draws.
        public var item: PreviewSystemItems.Item
        /// The glyph's top-left corner.
        public var glyphX: Double
        public var glyphY: Double
    }

    /// The device drawn.
    public var platform: PreviewPlatform
    /// Where the menu opens.
    public var placement: PreviewPlacement
    /// The picture's size.
    public var width: Double
    public var height: Double
    /// The menu's frame.
    public var menuX: Double
    public var menuY: Double
    public var menuWidth: Double
    public var menuHeight: Double
    /// The platter's corner radius.
    public var menuCornerRadius: Double
    /// The app's rows, top to bottom.
    public var rows: [Row]
    /// The system items' rows, top to bottom (iOS only).
    public var systemRows: [SystemRow]
    /// The band between the app's rows and the system rows: its top and height.
    public var sectionGap: (y: Double, height: Double)?
    /// Every line of text, in drawing order.
    public var texts: [TextRun]
    /// The app icon's frame (a square).
    public var iconX: Double
    public var iconY: Double
    public var iconSize: Double
    /// Legend badges: number and centre.
    public var badges: [(number: Int, x: Double, y: Double)]
    /// Row markers: the pill's frame, in the margin left of the row.
    public var markers: [(x: Double, y: Double, width: Double, height: Double)]
}
