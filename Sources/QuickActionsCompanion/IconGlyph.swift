import QuickActions

/// The one-column glyph the terminal draws for an item's icon (a stand-in for the SF Symbol
/// iOS draws).
enum IconGlyph {
    static let byType: [ShortcutIconType: Character] = [
        .compose: "✎", .play: "▶", .pause: "‖", .add: "+", .location: "➤", .search: "⌕", .share: "⇪", .prohibit: "⊘", .contact: "☺",
        .home: "⌂", .markLocation: "⚑", .favorite: "★", .love: "♥", .cloud: "☁", .invitation: "✉", .confirmation: "✓", .mail: "✉",
        .message: "✆", .date: "▦", .time: "◷", .capturePhoto: "◉", .captureVideo: "▣", .task: "☐", .taskCompleted: "☑", .alarm: "◔",
        .bookmark: "⚐", .shuffle: "⤮", .audio: "♪", .update: "↻",
    ]

    /// SF Symbols names an app is likely to use.
    static let bySymbolName: [String: Character] = [
        "star": "★", "star.fill": "★", "person": "☺", "person.fill": "☺", "person.circle": "☺", "magnifyingglass": "⌕",
        "square.and.arrow.up": "⇪", "heart": "♥", "heart.fill": "♥", "plus": "+", "house": "⌂", "envelope": "✉", "message": "✆",
        "clock": "◷", "calendar": "▦", "camera": "◉", "bookmark": "⚐", "location": "➤", "phone": "✆",
    ]

    /// The glyph for `icon`: a table per icon type, a few SF Symbols, a generic mark otherwise.
    static func glyph(for icon: ShortcutIcon?) -> Character {
        switch icon {
        case .type(let type)?: byType[type] ?? "◆"
        case .systemImageName(let name)?: bySymbolName[name] ?? "◆"
        case .templateImageName?: "▪"
        case nil: " "
        }
    }
}
