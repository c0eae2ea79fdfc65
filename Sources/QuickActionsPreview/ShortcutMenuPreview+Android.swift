import QuickActions

extension ShortcutMenuPreview {
    /// The label a launcher shows for `shortcut`: the long label when it has one and it fits the
    /// popup's label width on one line (measured as the picture draws it), else the short label
    /// (cut with "…" if it does not fit either). Launcher3 picks the same way.
    public static func launcherLabel(for shortcut: AndroidShortcut) -> String {
        let box = MenuLayoutPass.androidLabelBox
        if let long = shortcut.longLabel, !long.isEmpty,
            PreviewText.width(of: long, size: PreviewMetrics.androidLabelSize) <= box.maxX - box.minX
        {
            return long
        }
        return shortcut.shortLabel
    }

    /// The rows of a launcher's popup, in the list's order: the shortcuts it shows (the first
    /// four enabled ones, static first, as `AndroidShortcutList` marks them `visible`), each with
    /// its item's index in `items` and its label.
    func launcherRows() -> [(index: Int, label: String)] {
        let shortcuts = androidShortcuts ?? AndroidShortcutList.render(items, mapping: nil, table: nil).shortcuts
        return zip(items.indices, shortcuts).compactMap { index, shortcut in
            shortcut.visible ? (index, Self.launcherLabel(for: shortcut)) : nil
        }
    }
}
