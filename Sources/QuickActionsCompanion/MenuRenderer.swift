import Foundation
import QuickActions
import QuickActionsClient

/// Draws a shortcut list as the Home Screen menu shows it: one box per visible item (static
/// first, then dynamic, as iOS orders them), title and subtitle on the left, the icon's glyph
/// on the right; then the items iOS would not show. Every text from the service is printed
/// through `TerminalText.safe`.
struct MenuRenderer: Sendable {
    /// Dark appearance: light text on a dark grey box (ANSI 256 colours).
    var dark = false
    /// The widest a box may be, in columns.
    var maximumWidth = 44

    func render(_ list: ShortcutList, appName: String = "quickactions") -> String {
        let visible = list.visibleItems.filter { $0.kind == .static } + list.visibleItems.filter { $0.kind == .dynamic }
        let hidden = list.items.filter { !$0.visible }
        // A line break in a title is a space, as the box has one line for it.
        let safe = { (text: String) in TerminalText.safe(text.replacingOccurrences(of: "\n", with: " ")) }
        let texts = visible.flatMap { [safe($0.localizedTitle)] + ($0.localizedSubtitle.map { [safe($0)] } ?? []) }
        let inner = min(maximumWidth - 2, max(24, (texts.map(\.count).max() ?? 0) + 5))
        var lines: [String] = []
        if visible.isEmpty { lines.append("(no quick actions)") }
        for item in visible {
            let text = inner - 5  // "│ " + text + " " + glyph + " │"
            lines.append(paint("╭" + String(repeating: "─", count: inner) + "╮"))
            lines.append(
                paint("│ " + Self.fit(safe(item.localizedTitle), text) + " " + String(IconGlyph.glyph(for: item.icon)) + "  │", bold: true))
            if let subtitle = item.localizedSubtitle {
                lines.append(paint("│ " + Self.fit(safe(subtitle), text) + "    │", dim: true))
            }
            lines.append(paint("╰" + String(repeating: "─", count: inner) + "╯"))
        }
        if !hidden.isEmpty {
            lines.append("hidden (iOS shows at most 4):")
            for item in hidden {
                lines.append("  · " + safe(item.localizedTitle) + (item.localizedSubtitle.map { " — " + safe($0) } ?? "") + "  [\(safe(item.type))]")
            }
        }
        for warning in list.warnings { lines.append("! " + safe(warning.description)) }
        lines.append("version \(safe(list.version))")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` padded or cut (with "…") to `width` columns.
    static func fit(_ text: String, _ width: Int) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        if flat.count <= width { return flat + String(repeating: " ", count: width - flat.count) }
        return String(flat.prefix(max(width - 1, 0))) + "…"
    }

    private func paint(_ line: String, bold: Bool = false, dim: Bool = false) -> String {
        guard dark else { return line }
        let style = bold ? "\u{1B}[1;97;48;5;236m" : dim ? "\u{1B}[37;48;5;236m" : "\u{1B}[90;48;5;236m"
        return style + line + "\u{1B}[0m"
    }
}
