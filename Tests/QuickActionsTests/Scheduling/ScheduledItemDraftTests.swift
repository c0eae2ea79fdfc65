import QuickActions
import Testing

@Suite struct ScheduledItemDraftTests {
    typealias F = ScheduledItemFixtures
    static let rules = ScheduleRules(staticTypes: ["SearchAction", "ShareAction"], now: F.now)

    static let body: [String: JSONValue] = [
        "type": "SaleAction", "title": ["default": "Summer sale", "fr": "Soldes d'été"], "subtitle": ["default": "Up to 50% off"],
        "icon": ["systemImageName": "sun.max"], "userInfo": ["campaign": "summer-26", "discount": 50],
        "from": "2026-06-21T00:00:00+02:00", "until": "2026-07-01T00:00:00Z",
    ]

    static func validated(_ body: [String: JSONValue], rules: ScheduleRules = rules) throws(ValidationError) -> ScheduledItemDraft {
        try ScheduledItemValidator.validate(try ScheduledItemDraft(json: body), rules: rules)
    }

    /// The field a body with `changes` is refused for.
    static func refusedField(_ changes: [String: JSONValue?], rules: ScheduleRules = rules) -> String? {
        var body = Self.body
        for (key, value) in changes { body[key] = value }
        do {
            _ = try validated(body, rules: rules)
            return nil
        } catch {
            return error.field
        }
    }

    @Test func readsAWholeBodyAndEchoesTimesInUTC() throws {
        let draft = try Self.validated(Self.body)
        #expect(draft.from.rfc3339 == "2026-06-20T22:00:00.000Z")
        #expect(draft.until.rfc3339 == "2026-07-01T00:00:00.000Z")
        #expect(draft.icon == .systemImageName("sun.max"))
        #expect(draft.userInfo == ["campaign": .string("summer-26"), "discount": .integer(50)])
        let item = ScheduledItem(id: "s1", draft: draft, createdAt: F.now)
        #expect(
            JSONWriter.string(item.json)
                == #"{"createdAt":"2026-06-01T00:00:00.000Z","from":"2026-06-20T22:00:00.000Z","icon":{"systemImageName":"sun.max"},"id":"s1","#
                + #""revision":1,"subtitle":{"default":"Up to 50% off"},"title":{"default":"Summer sale","fr":"Soldes d'été"},"type":"SaleAction","#
                + #""until":"2026-07-01T00:00:00.000Z","userInfo":{"campaign":"summer-26","discount":50}}"#)
    }

    @Test func itsItemIsDynamicLocalizedAndNamesIt() throws {
        let item = ScheduledItem(id: "s1", draft: try Self.validated(Self.body), createdAt: F.now)
        let french = item.shortcutItem(language: "fr-CA")
        #expect(french.kind == .dynamic && french.localizedTitle == "Soldes d'été" && french.localizedSubtitle == "Up to 50% off")
        #expect(french.userInfo?[ScheduledItem.idKey] == .string("s1") && french.userInfo?["campaign"] == .string("summer-26"))
        #expect(item.shortcutItem(language: nil).localizedTitle == "Summer sale")
        #expect(item.shortcutItem(language: "de").localizedTitle == "Summer sale")
    }

    @Test func textsAreLookedUpByLanguageRange() {
        let text = LocalizedText(default: "Sale", translations: ["fr": "Soldes", "pt-BR": "Promoção", "zh-Hans": "促销"])
        #expect(text.text(for: "fr-CA") == "Soldes")
        #expect(text.text(for: "PT-br") == "Promoção")
        #expect(text.text(for: "pt") == "Sale")
        #expect(text.text(for: "zh-Hans-CN") == "促销")
        #expect(text.text(for: "de-x-private") == "Sale")
        #expect(LocalizedText(["fr": "Soldes"]) == nil)
    }

    @Test(
        arguments: [
            // The window.
            ("until", ["until": "2026-06-20T22:00:00Z"]), ("until", ["until": "2026-06-20T21:00:00Z"]),
            ("until", ["from": "2026-05-01T00:00:00Z", "until": "2026-05-31T23:59:59Z"]),
            ("from", ["from": "2026-06-21T00:00:00"]), ("until", ["until": "2026-02-30T00:00:00Z"]), ("from", ["from": 1_781_000_000]),
            ("from", ["from": nil]), ("until", ["until": nil]),
            // The type.
            ("type", ["type": "SearchAction"]), ("type", ["type": "FavoriteAction"]), ("type", ["type": ""]), ("type", ["type": "a\u{0}b"]),
            ("type", ["type": nil]), ("type", ["type": 3]),
            // The texts.
            ("title", ["title": nil]), ("title", ["title": "Summer sale"]), ("title", ["title": ["fr": "Soldes"]]),
            ("title", ["title": ["default": "  "]]), ("title", ["title": ["default": "a\u{7}b"]]), ("title", ["title": ["default": 3]]),
            ("title", ["title": ["default": "Sale", "français": "Soldes"]]), ("title", ["title": ["default": "Sale", "fr": "a", "FR": "b"]]),
            ("title", ["title": ["default": .string(String(repeating: "x", count: 101))]]), ("subtitle", ["subtitle": ["default": ""]]),
            // The rest.
            ("icon", ["icon": ["type": "sun"]]), ("icon", ["icon": ["systemImageName": "a", "type": "search"]]),
            ("userInfo", ["userInfo": ["scheduledItemId": "mine"]]), ("userInfo", ["userInfo": ["a": nil]]),
            ("userInfo", ["userInfo": ["a": "b\u{0}"]]), ("userInfo", ["userInfo": "campaign"]), ("accounts", ["accounts": ["a1"]]),
            ("localizedTitle", ["localizedTitle": "Sale"]),
        ] as [(String, [String: JSONValue?])])
    func refusesABrokenRuleNamingItsField(field: String, changes: [String: JSONValue?]) {
        #expect(Self.refusedField(changes) == field)
    }

    @Test func accountsAreForManyAccountsOnly() {
        let many = ScheduleRules(staticTypes: [], now: F.now, accountsAllowed: true)
        #expect(Self.refusedField(["accounts": ["a1", "a2"]], rules: many) == nil)
        #expect(Self.refusedField(["accounts": nil], rules: many) == nil)
        #expect(Self.refusedField(["accounts": []], rules: many) == "accounts")
        #expect(Self.refusedField(["accounts": ["a1", "a1"]], rules: many) == "accounts")
        #expect(Self.refusedField(["accounts": ["a1", ""]], rules: many) == "accounts")
        #expect(Self.refusedField(["accounts": [3]], rules: many) == "accounts")
    }

    @Test func textsAreTrimmed() throws {
        let draft = try Self.validated(Self.body.merging(["title": ["default": "  Summer sale\n"]]) { $1 })
        #expect(draft.title.texts == ["default": "Summer sale"])
    }

    /// At most 100 items not yet ended in any one account's list.
    @Test func roomIsCountedPerListAndEndedItemsDoNotCount() throws {
        let full = (0..<100).map { F.item("s\($0)", from: 1, until: 48) }
        let error = #expect(throws: ValidationError.self) { try ScheduledItemValidator.checkRoom(for: nil, among: full, now: F.now) }
        #expect(error?.field == "scheduledItems")
        try ScheduledItemValidator.checkRoom(for: nil, among: full, now: F.at(hours: 48))
        try ScheduledItemValidator.checkRoom(for: nil, among: full, now: F.now, replacing: "s7")
        // 60 items for every account and 40 for a1: a1's list is full, a2's is not.
        let mixed = (0..<60).map { F.item("g\($0)", from: 1, until: 48) } + (0..<40).map { F.item("a\($0)", from: 1, until: 48, accounts: ["a1"]) }
        #expect(throws: ValidationError.self) { try ScheduledItemValidator.checkRoom(for: ["a2", "a1"], among: mixed, now: F.now) }
        #expect(throws: ValidationError.self) { try ScheduledItemValidator.checkRoom(for: nil, among: mixed, now: F.now) }
        try ScheduledItemValidator.checkRoom(for: ["a2"], among: mixed, now: F.now)
        try ScheduledItemValidator.checkRoom(for: nil, among: Array(full.prefix(99)), now: F.now)
    }

    @Test func aPatchChangesWhatItNamesAndIsValidatedWhole() throws {
        let item = ScheduledItem(id: "s1", draft: try Self.validated(Self.body), createdAt: F.now)
        let patch = try ScheduledItemPatch(json: ["subtitle": nil, "icon": nil, "title": ["default": "Sale"], "until": "2026-07-02T00:00:00Z"])
        let draft = try ScheduledItemValidator.validate(patch.applied(to: item), rules: Self.rules)
        #expect(draft.subtitle == nil && draft.icon == nil && draft.title.texts == ["default": "Sale"])
        #expect(draft.until.rfc3339 == "2026-07-02T00:00:00.000Z" && draft.userInfo == item.userInfo && draft.from == item.from)
        #expect(try ScheduledItemPatch(json: [:]).applied(to: item) == item.draft)
        let backwards = try ScheduledItemPatch(json: ["until": "2026-06-01T12:00:00Z"]).applied(to: item)
        #expect(throws: ValidationError(field: "until", message: "until (2026-06-01T12:00:00.000Z) must be after from (2026-06-20T22:00:00.000Z).")) {
            try ScheduledItemValidator.validate(backwards, rules: Self.rules)
        }
        for field in ["type", "title", "from", "until"] {
            #expect(throws: ValidationError.self) { try ScheduledItemPatch(json: [field: nil]) }
        }
        #expect(throws: ValidationError.self) { try ScheduledItemPatch(json: ["id": "s2"]) }
    }
}
