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
        let name = appName.flatMap(StaticShortcutConfiguration.usableAppName)
        var warnings: [ShortcutWarning] = []
        var staticCount = 0
        // Titles seen, in order: searched in place while few (a list rendered on a cache miss
        // has a handful of items), through a dictionary of folded titles past that.
        let fewTitles = items.count <= 16
        var titles = EarlierTitles(capacity: fewTitles ? items.count : 0)
        var firstIndexOfTitle: [String: Int] = [:]
        // By index: the items are read in place, not copied one by one.
        for index in items.indices {
            func warn(_ rule: String, _ message: String) {
                warnings.append(ShortcutWarning(index: index, type: items[index].type, rule: rule, message: message))
            }
            let title = items[index].localizedTitle
            // Characters never outnumber UTF-8 bytes: a short title needs no counting.
            if title.utf8.count > maxTitleLength && title.count > maxTitleLength {
                warn(
                    "title-too-long",
                    "title \"\(title)\" has \(title.count) characters; the Home Screen truncates titles longer than \(maxTitleLength)")
            }
            func checkEmoji(_ field: String, _ text: String) {
                // No ASCII character shows as emoji (digits, # and * only do with a keycap or
                // VS16 after them): most names skip the per-character Unicode lookups.
                if text.utf8.allSatisfy({ $0 < 0x80 }) { return }
                let emoji = text.filter(\.isEmojiGlyph)
                if !emoji.isEmpty {
                    warn("emoji", "\(field) \"\(text)\" contains emoji (\(emoji)); use an icon (an SF Symbol) instead of emoji")
                }
            }
            checkEmoji("title", title)
            if let subtitle = items[index].localizedSubtitle { checkEmoji("subtitle", subtitle) }
            if let name, Self.containsWord(name, in: title) {
                warn(
                    "app-name-in-title",
                    "title \"\(title)\" contains the app name \"\(name)\"; quick actions already appear with the app's icon")
            }
            if items[index].kind == .static {
                staticCount += 1
                if staticCount > visibleLimit {
                    warn(
                        "too-many-static",
                        "static item \(staticCount) is past the first \(visibleLimit): the Home Screen never shows it, "
                            + "and with \(visibleLimit) or more static items no dynamic item shows either")
                }
            }
            let earlier: Int?
            if fewTitles {
                earlier = titles.firstIndex(sameAs: title)
            } else {
                let folded = title.lowercased()
                earlier = firstIndexOfTitle[folded]
                if earlier == nil { firstIndexOfTitle[folded] = index }
            }
            if let earlier {
                warn("duplicate-title", "title \"\(title)\" is the same as item \(earlier)'s; people cannot tell them apart")
            }
        }
        return warnings
    }

    /// The titles of the items before the one being checked, for `duplicate-title`: two titles
    /// are the same when their `lowercased()` are. Two ASCII titles are compared byte by byte,
    /// ignoring ASCII case (which is what `lowercased()` changes in them), without making
    /// lower-cased copies; a title with other characters is lower-cased, once.
    private struct EarlierTitles {
        private struct Seen {
            let title: String
            let isASCII: Bool
            /// Its `lowercased()`, made when first needed.
            var folded: String?
        }

        private var seen: [Seen] = []

        init(capacity: Int) {
            seen.reserveCapacity(capacity)
        }

        /// The index of the first earlier title the same as `title`; then `title` is added.
        mutating func firstIndex(sameAs title: String) -> Int? {
            var next = Seen(title: title, isASCII: title.utf8.allSatisfy { $0 < 0x80 }, folded: nil)
            var found: Int?
            for index in seen.indices {
                if next.isASCII && seen[index].isASCII {
                    if Self.equalIgnoringASCIICase(next.title, seen[index].title) {
                        found = index
                        break
                    }
                    continue
                }
                if next.folded == nil { next.folded = next.title.lowercased() }
                if seen[index].folded == nil { seen[index].folded = seen[index].title.lowercased() }
                if next.folded == seen[index].folded {
                    found = index
                    break
                }
            }
            seen.append(next)
            return found
        }

        private static func equalIgnoringASCIICase(_ lhs: String, _ rhs: String) -> Bool {
            StringBytes.withBytes(of: lhs) { left in
                StringBytes.withBytes(of: rhs) { right in
                    guard left.count == right.count else { return false }
                    for offset in 0..<left.count where asciiLowercased(left[offset]) != asciiLowercased(right[offset]) { return false }
                    return true
                }
            }
        }
    }

    /// `byte` with an ASCII capital letter made small (what `lowercased()` does to ASCII).
    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether `word` occurs in `text`, ignoring case, not inside a longer word
    /// (so "Mail" is not found in "Email").
    static func containsWord(_ word: String, in text: String) -> Bool {
        if let found = containsASCIIWord(word, in: text) { return found }
        let needle = Array(word.lowercased())
        let haystack = Array(text.lowercased())
        guard !needle.isEmpty, needle.count <= haystack.count else { return false }
        let isBoundary = { (character: Character?) in !(character?.isLetter ?? false) && !(character?.isNumber ?? false) }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            let before = start > 0 ? haystack[start - 1] : nil
            let after = start + needle.count < haystack.count ? haystack[start + needle.count] : nil
            if isBoundary(before) && isBoundary(after) { return true }
        }
        return false
    }

    /// `containsWord` over the bytes, when both strings are ASCII without line breaks (each
    /// byte is then one character, a letter or digit exactly when it is ASCII alphanumeric);
    /// nil otherwise. Every title of a list rendered on a cache miss is checked: this is the
    /// usual case, without making characters or lowercased copies.
    static func containsASCIIWord(_ word: String, in text: String) -> Bool? {
        let plain = { (byte: UInt8) in byte < 0x80 && byte != 0x0A && byte != 0x0D }
        guard word.utf8.allSatisfy(plain), text.utf8.allSatisfy(plain) else { return nil }
        return StringBytes.withBytes(of: word) { needle in
            StringBytes.withBytes(of: text) { haystack -> Bool? in
                guard !needle.isEmpty, needle.count <= haystack.count else { return false }
                let isWordByte = { (byte: UInt8) in
                    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                }
                for start in 0...(haystack.count - needle.count) {
                    var matches = true
                    for offset in 0..<needle.count where asciiLowercased(haystack[start + offset]) != asciiLowercased(needle[offset]) {
                        matches = false
                        break
                    }
                    guard matches else { continue }
                    let end = start + needle.count
                    if (start == 0 || !isWordByte(haystack[start - 1])) && (end == haystack.count || !isWordByte(haystack[end])) {
                        return true
                    }
                }
                return false
            }
        }
    }
}
