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

    /// How many leading items of `items` a launcher can show a shortcut for: up to and including
    /// the fourth enabled one (`AndroidShortcutList.defaultMaxVisible`). The shortcuts after them
    /// are never drawn, so a long list's are not made.
    public static func launcherCandidates(in items: [ShortcutItem]) -> Int {
        var enabled = 0
        for (index, item) in items.enumerated() where item.enabled {
            enabled += 1
            if enabled == AndroidShortcutList.defaultMaxVisible { return index + 1 }
        }
        return items.count
    }

    /// The rows of a launcher's popup, in the list's order: the shortcuts it shows (the first
    /// four enabled ones, static first, as `AndroidShortcutList` marks them `visible`), each with
    /// its item's index in `items` and its label. `androidShortcuts` may stop after
    /// `launcherCandidates(in:)` items.
    func launcherRows() -> [(index: Int, label: String)] {
        let shortcuts =
            androidShortcuts
            ?? AndroidShortcutList.render(Array(items.prefix(Self.launcherCandidates(in: items))), mapping: nil, table: nil).shortcuts
        return zip(items.indices, shortcuts).compactMap { index, shortcut in
            shortcut.visible ? (index, Self.launcherLabel(for: shortcut)) : nil
        }
    }
}
