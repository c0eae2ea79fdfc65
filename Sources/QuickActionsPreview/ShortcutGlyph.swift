import QuickActions

/// The icon glyphs the preview draws, one per `ShortcutIconType`, and a neutral one for an SF
/// Symbol name or a template image (neither can be drawn without Apple's artwork or the app's
/// assets).
///
/// Every glyph is original to this project (simple strokes on a 24 x 24 grid, under the
/// project's licence); none is copied or traced from SF Symbols. Each is drawn in
/// `currentColor`, so the caller sets `color` on the group that holds it.
public enum ShortcutGlyph {
    /// The side of the square every glyph is drawn in.
    public static let gridSize = 24.0

    /// The SVG elements of the glyph for `icon`.
    public static func markup(for icon: ShortcutIcon) -> String {
        switch icon {
        case .type(let type): markup(for: type)
        case .systemImageName, .templateImageName: fallback
        }
    }

    /// A dashed rounded square with a dot: "an icon the app supplies".
    public static let fallback =
        #"<rect x="4.5" y="4.5" width="15" height="15" rx="3.5" stroke-dasharray="2.5 2"/><circle cx="12" cy="12" r="1.8" fill="currentColor"/>"#

    /// The SVG elements of the glyph for a system icon type.
    public static func markup(for type: ShortcutIconType) -> String {
        switch type {
        case .compose: #"<path d="M11 4.5H5.5a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1h13a1 1 0 0 0 1-1V13"/><path d="M17.5 3.5l3 3L12 15l-4 1 1-4z"/>"#
        case .play: #"<path d="M7.5 4.5v15l12-7.5z" fill="currentColor"/>"#
        case .pause:
            #"<rect x="6" y="4.5" width="4" height="15" rx="1" fill="currentColor"/><rect x="14" y="4.5" width="4" height="15" rx="1" fill="currentColor"/>"#
        case .add: #"<circle cx="12" cy="12" r="8.5"/><path d="M12 7.5v9M7.5 12h9"/>"#
        case .location: #"<path d="M20 4L4 11l7 2 2 7z"/>"#
        case .search: #"<circle cx="10.5" cy="10.5" r="6"/><path d="M15 15l5 5"/>"#
        case .share: #"<path d="M8.5 9.5H6v10.5h12V9.5h-2.5"/><path d="M12 3.5v11M8.5 7L12 3.5 15.5 7"/>"#
        case .prohibit: #"<circle cx="12" cy="12" r="8.5"/><path d="M6 6l12 12"/>"#
        case .contact:
            #"<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="10" r="3"/><path d="M6.8 18c1.4-2.2 3.1-3.2 5.2-3.2s3.8 1 5.2 3.2"/>"#
        case .home: #"<path d="M4 11.5l8-7 8 7"/><path d="M6.5 9.5V20h4v-5h3v5h4V9.5"/>"#
        case .markLocation: #"<path d="M12 21s-6-6.2-6-11a6 6 0 0 1 12 0c0 4.8-6 11-6 11z"/><circle cx="12" cy="10" r="2.2"/>"#
        case .favorite: #"<path d="M12 3.5l2.6 5.4 5.9.8-4.3 4.1 1 5.9L12 16.9l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8z"/>"#
        case .love: #"<path d="M12 19.5s-7.5-4.4-7.5-9.7A4 4 0 0 1 12 7.6a4 4 0 0 1 7.5 2.2c0 5.3-7.5 9.7-7.5 9.7z"/>"#
        case .cloud: #"<path d="M7.5 18h10a3.5 3.5 0 0 0 .3-7 5.5 5.5 0 0 0-10.5-1A4 4 0 0 0 7.5 18z"/>"#
        case .invitation: #"<circle cx="9" cy="8.5" r="3.5"/><path d="M3 19.5c.8-3.5 3.2-5 6-5s5.2 1.5 6 5"/><path d="M18.5 8v6M15.5 11h6"/>"#
        case .confirmation: #"<path d="M5 12.5l4.5 4.5L19 7.5"/>"#
        case .mail: #"<rect x="3.5" y="6" width="17" height="12" rx="1.5"/><path d="M4 6.5l8 6.5 8-6.5"/>"#
        case .message:
            #"<path d="M12 4.5c4.7 0 8.5 3 8.5 6.8S16.7 18 12 18c-.9 0-1.8-.1-2.6-.3L5 19.8l1.2-3.6c-1.7-1.3-2.7-3-2.7-4.9 0-3.8 3.8-6.8 8.5-6.8z"/>"#
        case .date: #"<rect x="4" y="5.5" width="16" height="14.5" rx="1.5"/><path d="M4 10h16M8 3.5v4M16 3.5v4"/>"#
        case .time: #"<circle cx="12" cy="12" r="8.5"/><path d="M12 7v5l3.5 2"/>"#
        case .capturePhoto: #"<path d="M4 8h3.5L9 5.5h6L16.5 8H20v11H4z"/><circle cx="12" cy="13" r="3.5"/>"#
        case .captureVideo: #"<rect x="3" y="7" width="12.5" height="10" rx="1.5"/><path d="M15.5 11l5-3v8l-5-3z"/>"#
        case .task: #"<circle cx="6" cy="7" r="2"/><path d="M10.5 7H20"/><circle cx="6" cy="17" r="2"/><path d="M10.5 17H20"/>"#
        case .taskCompleted: #"<circle cx="12" cy="12" r="8.5"/><path d="M8 12.5l3 3 5-6"/>"#
        case .alarm: #"<circle cx="12" cy="13" r="7"/><path d="M12 9.5V13l2.5 1.5M4 6.5l3-2.5M20 6.5l-3-2.5"/>"#
        case .bookmark: #"<path d="M6.5 3.5h11v17L12 16l-5.5 4.5z"/>"#
        case .shuffle: #"<path d="M3.5 7h3.5l9 10h3.5M3.5 17h3.5l2.5-2.8M14 9.8L16 7h3.5M17.5 4.5L20 7l-2.5 2.5M17.5 14.5L20 17l-2.5 2.5"/>"#
        case .audio: #"<path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z"/><path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11"/>"#
        case .update: #"<path d="M19 12a7 7 0 0 1-12.3 4.6M5 12a7 7 0 0 1 12.3-4.6"/><path d="M17.5 3.5v4h-4M6.5 20.5v-4h4"/>"#
        }
    }
}
