/// Checks quick actions against Apple's Human Interface Guidelines for Home Screen quick
/// actions. Findings are warnings: the items still work, but will look wrong or never show.
public enum ShortcutLinter {
    /// A title longer than this (in characters) is truncated on the Home Screen.
    public static let maxTitleLength = 25
    /// How many quick actions the Home Screen shows.
    public static let visibleLimit = ShortcutItemBuilder.visibleLimit

    /// The rules about the text people see, checked in each language, in the order findings
    /// about one item are reported.
    public static let textRules = ["title-too-long", "emoji", "app-name-in-title", "too-many-static", "duplicate-title"]
    /// Every rule id: the text rules, then those about the files the items come from.
    public static let rules = textRules + ["missing-translation", "unexpanded-build-setting", "empty-value"]

    /// The `missing-translation` finding about `language`'s table: the static titles and
    /// subtitles it has no entry for, which iOS then shows as they are written in Info.plist
    /// (often a key such as `shortcut_favourites`). Nil when the table has them all.
    public static func missingTranslation(for items: [ShortcutItem], table: [String: String], language: String) -> ShortcutWarning? {
        var keys: [String] = []
        for item in items where item.kind == .static {
            for key in [item.localizedTitle, item.localizedSubtitle].compactMap({ $0 }) where table[key] == nil && !keys.contains(key) {
                keys.append(key)
            }
        }
        guard !keys.isEmpty else { return nil }
        let list = keys.map { "\"\($0)\"" }.joined(separator: ", ")
        return ShortcutWarning(
            index: nil, type: nil, rule: "missing-translation",
            message:
                "the \(language) table has no entry for \(list); iOS shows \(keys.count == 1 ? "it" : "them") untranslated, as written in Info.plist",
            language: language)
    }

    /// The findings about `items` (in display order), by item then rule. `appName`, when
    /// given, is looked for in titles as a whole word, ignoring case.
    public static func warnings(for items: [ShortcutItem], appName: String?) -> [ShortcutWarning] {
        let name = appName.flatMap(ShortcutConfiguration.usableAppName)
        var warnings: [ShortcutWarning] = []
        var staticCount = 0
        var firstIndexOfTitle: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            func warn(_ rule: String, _ message: String) {
                warnings.append(ShortcutWarning(index: index, type: item.type, rule: rule, message: message))
            }
            let title = item.localizedTitle
            if title.count > maxTitleLength {
                warn(
                    "title-too-long",
                    "title \"\(title)\" has \(title.count) characters; the Home Screen truncates titles longer than \(maxTitleLength)")
            }
            for (field, text) in [("title", title), ("subtitle", item.localizedSubtitle ?? "")] {
                // No ASCII character shows as emoji (digits, # and * only do with a keycap or
                // VS16 after them): most names skip the per-character Unicode lookups.
                if text.utf8.allSatisfy({ $0 < 0x80 }) { continue }
                let emoji = text.filter(\.isEmojiGlyph)
                if !emoji.isEmpty {
                    warn("emoji", "\(field) \"\(text)\" contains emoji (\(emoji)); use an icon (an SF Symbol) instead of emoji")
                }
            }
            if let name, Self.containsWord(name, in: title) {
                warn(
                    "app-name-in-title",
                    "title \"\(title)\" contains the app name \"\(name)\"; quick actions already appear with the app's icon")
            }
            if item.kind == .static {
                staticCount += 1
                if staticCount > visibleLimit {
                    warn(
                        "too-many-static",
                        "static item \(staticCount) is past the first \(visibleLimit): the Home Screen never shows it, "
                            + "and with \(visibleLimit) or more static items no dynamic item shows either")
                }
            }
            let folded = title.lowercased()
            if let earlier = firstIndexOfTitle[folded] {
                warn("duplicate-title", "title \"\(title)\" is the same as item \(earlier)'s; people cannot tell them apart")
            } else {
                firstIndexOfTitle[folded] = index
            }
        }
        return warnings
    }

    /// Whether `word` occurs in `text`, ignoring case, not inside a longer word
    /// (so "Mail" is not found in "Email").
    static func containsWord(_ word: String, in text: String) -> Bool {
        let needle = Array(word.lowercased())
        let haystack = Array(text.lowercased())
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where Array(haystack[start..<(start + needle.count)]) == needle {
            let before = start > 0 ? haystack[start - 1] : nil
            let after = start + needle.count < haystack.count ? haystack[start + needle.count] : nil
            let isBoundary = { (character: Character?) in !(character?.isLetter ?? false) && !(character?.isNumber ?? false) }
            if isBoundary(before) && isBoundary(after) { return true }
        }
        return false
    }
}
