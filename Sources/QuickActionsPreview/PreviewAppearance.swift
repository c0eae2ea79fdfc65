/// Light or dark: the colours the preview draws the Home Screen menu in (close to iOS's
/// system materials and label colours, as plain sRGB).
public enum PreviewAppearance: String, Sendable, Hashable, CaseIterable {
    case light
    case dark

    /// The colours of one appearance.
    public struct Palette: Sendable, Equatable {
        /// Behind everything: a plain stand-in for the blurred wallpaper.
        public var wallpaper: String
        /// The menu's platter.
        public var menu: String
        /// Lines between rows.
        public var separator: String
        /// Titles and glyphs.
        public var label: String
        /// Subtitles.
        public var secondaryLabel: String
        /// The app's name under its icon.
        public var appName: String
        /// HIG markers and the legend's numbers.
        public var warning: String
        /// The band between the app's items and the system items.
        public var sectionGap: String
        /// Remove App, red as iOS draws it.
        public var destructive: String
    }

    /// This appearance's colours.
    public var palette: Palette {
        switch self {
        case .light:
            Palette(
                wallpaper: "#C9D3DE", menu: "#F2F2F4", separator: "#C6C6C8", label: "#000000", secondaryLabel: "#6D6D72", appName: "#1C1C1E",
                warning: "#C93400", sectionGap: "#DADADE", destructive: "#D70015")
        case .dark:
            Palette(
                wallpaper: "#1B2330", menu: "#2C2C2E", separator: "#48484A", label: "#FFFFFF", secondaryLabel: "#AEAEB2", appName: "#F2F2F7",
                warning: "#FF9F0A", sectionGap: "#1F1F21", destructive: "#FF6961")
        }
    }
}
