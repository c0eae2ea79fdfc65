/// Checks Android shortcuts against Android's documented recommendations. Findings are
/// warnings with platform `android`; the shortcuts still work.
public enum AndroidShortcutLinter {
    /// `setShortLabel`: "The recommended maximum length is 10 characters".
    public static let maxShortLabelLength = 10
    /// `setLongLabel`: "The recommend maximum length is 25 characters".
    public static let maxLongLabelLength = 25
    /// "We recommend that you publish only four distinct shortcuts"; most launchers show four.
    public static let maxStaticShortcuts = 4

    /// Every rule id, in the order findings about one shortcut are reported.
    public static let rules = [
        "android-short-label-too-long", "android-long-label-too-long", "android-too-many-static", "android-duplicate-id",
        "android-no-disabled-message", "android-template-key-missing",
    ]

    /// The findings about `shortcuts` (in list order; index N is the Nth item of the list).
    /// `android-no-disabled-message` is reported once per item type, at its first dynamic item:
    /// a dynamic shortcut can be removed (a favorite unfavorited) while someone has it pinned,
    /// and Android then shows its disabled message.
    public static func warnings(for shortcuts: [AndroidShortcut]) -> [ShortcutWarning] {
        var warnings: [ShortcutWarning] = []
        var staticCount = 0
        var firstIndexOfID: [String: Int] = [:]
        var typesReported: Set<String> = []
        for (index, shortcut) in shortcuts.enumerated() {
            func warn(_ rule: String, _ message: String) {
                warnings.append(ShortcutWarning(index: index, type: shortcut.type, rule: rule, message: message, platform: .android))
            }
            if shortcut.shortLabel.count > maxShortLabelLength {
                warn(
                    "android-short-label-too-long",
                    "short label \"\(shortcut.shortLabel)\" has \(shortcut.shortLabel.count) characters; Android recommends at most \(maxShortLabelLength)"
                )
            }
            if let long = shortcut.longLabel, long.count > maxLongLabelLength {
                warn(
                    "android-long-label-too-long",
                    "long label \"\(long)\" has \(long.count) characters; Android recommends at most \(maxLongLabelLength)")
            }
            if shortcut.kind == .static {
                staticCount += 1
                if staticCount > maxStaticShortcuts {
                    warn(
                        "android-too-many-static",
                        "static shortcut \(staticCount) is past the first \(maxStaticShortcuts): most launchers show four shortcuts, and Android recommends publishing no more"
                    )
                }
            }
            if let earlier = firstIndexOfID[shortcut.id] {
                warn("android-duplicate-id", "id \"\(shortcut.id)\" is also item \(earlier)'s; Android keeps only one shortcut per id")
            } else {
                firstIndexOfID[shortcut.id] = index
            }
            if shortcut.kind == .dynamic, shortcut.disabledMessage == nil, typesReported.insert(shortcut.type).inserted {
                warn(
                    "android-no-disabled-message",
                    "\(shortcut.type) shortcuts have no disabledMessage; one removed while pinned shows Android's generic message (set disabledMessage in the mapping)"
                )
            }
        }
        return warnings
    }
}
