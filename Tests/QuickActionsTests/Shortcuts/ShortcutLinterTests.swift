import Testing

@testable import QuickActions

@Suite struct ShortcutLinterTests {
    func item(_ title: String, subtitle: String? = nil, type: String? = nil, kind: ShortcutItem.Kind = .static) -> ShortcutItem {
        ShortcutItem(type: type ?? title + "Action", localizedTitle: title, localizedSubtitle: subtitle, kind: kind)
    }

    func rules(_ items: [ShortcutItem], appName: String? = nil) -> [String] {
        ShortcutLinter.warnings(for: items, appName: appName).map { "\($0.index ?? -1):\($0.rule)" }
    }

    @Test func theSampleItemsAreClean() {
        #expect(ShortcutLinter.warnings(for: ShortcutItemBuilder.defaultStaticItems, appName: "Quick Contacts").isEmpty)
    }

    @Test func titlesLongerThan25CharactersAreTooLong() throws {
        let exactly25 = String(repeating: "a", count: 25)
        #expect(rules([item(exactly25), item(exactly25 + "b")]) == ["1:title-too-long"])
        #expect(
            rules([item(String(repeating: "ü", count: 25)), item(String(repeating: "e\u{301}", count: 25))]).isEmpty,
            "characters, not bytes or scalars")
        let warning = try #require(ShortcutLinter.warnings(for: [item("Compose a brand new message")], appName: nil).first)
        #expect(
            warning.message == "title \"Compose a brand new message\" has 27 characters; the Home Screen truncates titles longer than 25")
    }

    @Test func emojiInTitleOrSubtitle() throws {
        #expect(rules([item("⭐️ Favorites"), item("Share", subtitle: "Send it 👍"), item("Top 10 #1"), item("© Notes ™")]) == ["0:emoji", "1:emoji"])
        let warnings = ShortcutLinter.warnings(for: [item("🇫🇷 Paris", subtitle: "❤️ and 1️⃣")], appName: nil)
        #expect(
            warnings.map(\.message) == [
                "title \"🇫🇷 Paris\" contains emoji (🇫🇷); use an icon (an SF Symbol) instead of emoji",
                "subtitle \"❤️ and 1️⃣\" contains emoji (❤️1️⃣); use an icon (an SF Symbol) instead of emoji",
            ])
    }

    @Test func appNameInTitleAsAWordIgnoringCase() {
        let items = [item("Open Quick Contacts"), item("quick contacts: search"), item("Search"), item("QuickContactsy")]
        #expect(rules(items, appName: "Quick Contacts") == ["0:app-name-in-title", "1:app-name-in-title"])
        #expect(rules([item("Email")], appName: "Mail").isEmpty, "not inside a longer word")
        #expect(rules([item("Mail a friend")], appName: "mail") == ["0:app-name-in-title"])
        #expect(rules(items, appName: nil).isEmpty)
        #expect(rules(items, appName: "  ").isEmpty)
        #expect(rules([item("$(PRODUCT_NAME)")], appName: "$(PRODUCT_NAME)").isEmpty, "an unexpanded build setting is no name")
    }

    @Test func staticItemsPastTheFourthNeverShow() {
        let statics = (1...6).map { item("Action \($0)") }
        #expect(rules(statics) == ["4:too-many-static", "5:too-many-static"])
        let mixed = [item("Fav 1", kind: .dynamic)] + Array(statics.prefix(5))
        #expect(rules(mixed) == ["5:too-many-static"], "only static items count, by their own position")
        #expect(rules(Array(statics.prefix(4)) + [item("Fav", kind: .dynamic)]).isEmpty)
    }

    @Test func duplicateTitlesOnTheSecondOccurrence() throws {
        #expect(
            rules([item("Search", type: "A"), item("Share"), item("SEARCH", type: "B"), item("search", type: "C")]) == [
                "2:duplicate-title", "3:duplicate-title",
            ])
        #expect(rules([item("Café", type: "A"), item("Cafe\u{301}", type: "B")]) == ["1:duplicate-title"], "canonically equivalent")
        // ASCII titles are compared ignoring ASCII case in place; a title with other characters
        // against any other by `lowercased()`, as before: the Kelvin sign lower-cases to "k".
        #expect(rules([item("Key", type: "A"), item("\u{212A}EY", type: "B")]) == ["1:duplicate-title"])
        #expect(
            rules([item("\u{212A}ey", type: "A"), item("KEY", type: "B"), item("kEy", type: "C")]) == ["1:duplicate-title", "2:duplicate-title"])
        #expect(rules([item("Straße", type: "A"), item("STRASSE", type: "B"), item("Search", type: "C"), item("Searc", type: "D")]).isEmpty)
        #expect(rules([item("Search", type: "A"), item("Searcj", type: "B"), item("Searcz", type: "C"), item("[earch", type: "D")]).isEmpty)
        let warning = try #require(ShortcutLinter.warnings(for: [item("Search", type: "A"), item("search", type: "B")], appName: nil).first)
        #expect(warning.message == "title \"search\" is the same as item 0's; people cannot tell them apart")
        #expect(warning.type == "B")
        // Long lists (past 16 items the titles seen are hashed, not searched) find the same.
        let long = (0..<30).map { item("Friend \($0)", type: "T\($0)", kind: .dynamic) } + [item("friend 3", type: "X", kind: .dynamic)]
        let found = ShortcutLinter.warnings(for: long, appName: nil).filter { $0.rule == "duplicate-title" }
        #expect(found.map(\.index) == [30] && found.first?.message.contains("item 3's") == true, "\(found)")
    }

    @Test func dynamicItemsAreCheckedToo() {
        let favorite = item("A very long favorite contact name", subtitle: "😀", kind: .dynamic)
        #expect(rules([favorite]) == ["0:title-too-long", "0:emoji"])
    }

    @Test func findingsComeByItemThenRule() {
        let items = [
            item("Search"), item("Compose a brand new message"), item("⭐️ Favorites"), item("Open Quick Contacts"),
            item("search", type: "SearchAgainAction"), item("Share", subtitle: "Send it 👍"),
        ]
        #expect(
            rules(items, appName: "Quick Contacts") == [
                "1:title-too-long", "2:emoji", "3:app-name-in-title", "4:too-many-static", "4:duplicate-title", "5:emoji",
                "5:too-many-static",
            ])
        #expect(Set(ShortcutLinter.warnings(for: items, appName: "Quick Contacts").map(\.rule)) == Set(ShortcutLinter.textRules))
    }

    @Test func warningJSONAndDescription() {
        let warning = ShortcutWarning(index: 2, type: "SearchAction", rule: "emoji", message: "title \"😀\" contains emoji")
        #expect(JSONWriter.string(warning.json) == #"{"index":2,"message":"title \"😀\" contains emoji","rule":"emoji","type":"SearchAction"}"#)
        #expect(warning.description == "item 2 (SearchAction): emoji: title \"😀\" contains emoji")
    }

    @Test func missingTranslationIsOneFindingPerLanguage() throws {
        let items = [
            item("NewPostShortcutItemTitle"), item("shortcut_favourites", subtitle: "shortcut_favourites_subtitle"),
            item("Dynamic", kind: .dynamic),
        ]
        let warning = try #require(
            ShortcutLinter.missingTranslation(for: items, table: ["NewPostShortcutItemTitle": "Neuer Beitrag"], language: "de"))
        #expect(warning.rule == "missing-translation")
        #expect(warning.language == "de")
        #expect(warning.index == nil && warning.type == nil)
        #expect(
            warning.message
                == "the de table has no entry for \"shortcut_favourites\", \"shortcut_favourites_subtitle\"; iOS shows them untranslated, as written in Info.plist"
        )
        #expect(
            JSONWriter.string(warning.json)
                == #"{"language":"de","message":"\#(warning.message.replacingOccurrences(of: "\"", with: "\\\""))","rule":"missing-translation"}"#)
        #expect(warning.description == "missing-translation: " + warning.message)
        let complete = ["NewPostShortcutItemTitle": "a", "shortcut_favourites": "b", "shortcut_favourites_subtitle": "c"]
        #expect(ShortcutLinter.missingTranslation(for: items, table: complete, language: "de") == nil, "dynamic items are not looked up")
    }

    @Test func everyRuleHasAnId() {
        #expect(ShortcutLinter.rules == ShortcutLinter.textRules + ["missing-translation", "unexpanded-build-setting", "empty-value"])
    }

    /// The app-name check by characters, as it was written before the ASCII path: the reference.
    static func referenceContainsWord(_ word: String, in text: String) -> Bool {
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

    @Test("The app-name check over bytes agrees with the check by characters on 50,000 random pairs, and leaves non-ASCII to it")
    func asciiWordSearchAgreesWithTheCharacterSearch() {
        var generator = SystemRandomNumberGenerator()
        // Few letters, so that matches, near-misses and boundaries all come up often.
        let alphabet = Array("aAbB1 -_.'\tzZ")
        var found = 0
        for _ in 0..<50_000 {
            let word = String((0..<Int.random(in: 0...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" })
            let expected = Self.referenceContainsWord(word, in: text)
            #expect(ShortcutLinter.containsASCIIWord(word, in: text) == expected, "\(word.debugDescription) in \(text.debugDescription)")
            if expected { found += 1 }
        }
        #expect(found > 1_000, "the random pairs should match often enough to test matches (\(found))")
        for (word, text) in [("café", "Café Olé"), ("mail", "E-mail\r\nMail"), ("Ölé", "ölé!")] {
            #expect(ShortcutLinter.containsASCIIWord(word, in: text) == nil)
            #expect(ShortcutLinter.containsWord(word, in: text) == Self.referenceContainsWord(word, in: text), "\(word) in \(text)")
        }
        #expect(ShortcutLinter.containsWord("Mail", in: "Email") == false && ShortcutLinter.containsWord("mail", in: "Mail a friend"))
    }
}
