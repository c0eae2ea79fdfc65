import Testing

@testable import QuickActions

@Suite struct PlatformMappingTests {
    static let example = """
        {
          "android": {
            "package": "com.example.contacts", "activity": "com.example.contacts.MainActivity",
            "items": {
              "SearchAction":   { "id": "search", "shortLabel": "Search", "longLabel": "@string/search_long", "icon": "ic_search",
                                  "action": "android.intent.action.SEARCH", "extras": { "n": 1, "typed": { "type": "int", "value": 7 } } },
              "FavoriteAction": { "id": "contact-{contactId}", "data": "content://contacts/{contactId}", "disabledMessage": "Removed",
                                  "categories": ["android.shortcut.conversation"] }
            }
          },
          "web": {
            "scope": "/",
            "items": {
              "SearchAction":   { "url": "/search", "shortName": "Search",
                                  "icons": [{ "src": "/icons/search-96.png", "sizes": "96x96", "type": "image/png" }] },
              "FavoriteAction": { "url": "/contacts/{contactId}" }
            }
          }
        }
        """

    static func mapping() throws -> PlatformMapping {
        try PlatformMapping.parse(Array(example.utf8), source: "platforms.json")
    }

    @Test func theDocumentedExampleReads() throws {
        let mapping = try Self.mapping()
        #expect(mapping.platforms == [.ios, .android, .web])
        let search = try #require(mapping.android?.items["SearchAction"])
        #expect(search.id?.description == "search")
        #expect(search.extras == [AndroidExtra(name: "n", value: .long(1)), AndroidExtra(name: "typed", value: .int(7))])
        #expect(mapping.android?.items["FavoriteAction"]?.data?.keys == ["contactId"])
        #expect(mapping.web?.items["SearchAction"]?.icons == [WebShortcutIcon(src: "/icons/search-96.png", sizes: "96x96", type: "image/png")])
        #expect(try PlatformMapping.parse(Array("{}".utf8), source: "x").platforms == [.ios])
    }

    @Test(arguments: [
        (#"{"ios": {}}"#, "platforms.json: ios: is not a known key (known: android, web)"),
        (#"{"android": {"items": {"A": {"label": "x"}}}}"#, "platforms.json: android.items.A.label: is not a known key"),
        (#"{"android": {"items": {"A": {"id": "a-{"}}}}"#, "platforms.json: android.items.A.id: \"a-{\" has a '{' without its '}'"),
        (#"{"android": {"items": {"A": {"id": "{a b}"}}}}"#, "platforms.json: android.items.A.id: \"{a b}\" has the placeholder {a b}"),
        (#"{"android": {"items": {"A": {"icon": "ic/x"}}}}"#, "platforms.json: android.items.A.icon: \"ic/x\" is not a resource name"),
        (#"{"android": {"items": {"A": {"extras": {"x": {"type": "int", "value": 99999999999}}}}}}"#, "does not fit an int"),
        (#"{"web": {"items": {"A": {"icons": [{"sizes": "96x96"}]}}}}"#, "platforms.json: web.items.A.icons[0]: has no \"src\""),
        (#"{"web": {"items": {"A": {"url": 3}}}}"#, "platforms.json: web.items.A.url: must be a non-empty string"),
        ("[]", "platforms.json: must be an object, not a array"),
        ("{", "platforms.json: is not valid JSON"),
    ])
    func unknownKeysAndWrongTypesAreRefusedWithTheirPath(text: String, message: String) {
        let error = #expect(throws: PlatformMappingError.self) { try PlatformMapping.parse(Array(text.utf8), source: "platforms.json") }
        #expect(error?.description.hasPrefix(message) == true || error?.description.contains(message) == true, "\(error?.description ?? "")")
    }

    @Test func templatesFillFromUserInfo() throws {
        let template = try PlatformTemplate("content://contacts/{contactId}?name={Name}&n={n}&b={b}")
        let userInfo: [String: PropertyListValue] = [
            "contactId": .string("01ABC"), "Name": .string("Ada Lovelace/é"), "n": .real(1.5), "b": .bool(true),
        ]
        #expect(
            try template.expand(userInfo, encoding: .percentEncoded).get() == "content://contacts/01ABC?name=Ada%20Lovelace%2F%C3%A9&n=1.5&b=true")
        #expect(try PlatformTemplate("contact-{Name}").expand(userInfo, encoding: .verbatim).get() == "contact-Ada Lovelace/é")
        #expect(throws: PlatformTemplateError(reason: "userInfo has no \"missing\"", key: "missing")) {
            try PlatformTemplate("{missing}").expand(userInfo, encoding: .verbatim).get()
        }
        #expect(throws: PlatformTemplateError.self) { try PlatformTemplate("{d}").expand(["d": .array([])], encoding: .verbatim).get() }
        #expect(throws: PlatformTemplateError.self) { try PlatformTemplate("a}") }
    }

    @Test func validationNamesTheStaticItemAndKey() throws {
        let mapping = try PlatformMapping.parse(Array(#"{"web": {"items": {"SearchAction": {"url": "/s/{query}"}}}}"#.utf8), source: "p.json")
        let error = #expect(throws: PlatformMappingError.self) {
            try mapping.validate(
                staticItems: ShortcutItemBuilder.defaultStaticItems, catalog: LocalizationCatalog(tables: [:]), developmentRegion: "en",
                source: "p.json")
        }
        #expect(
            error?.description
                == "p.json: web.items.SearchAction.url: \"/s/{query}\" cannot be filled for static item 0 (SearchAction): userInfo has no \"query\"")
        let labels = try Self.mapping()
        let missing = #expect(throws: PlatformMappingError.self) {
            try labels.validate(staticItems: [], catalog: LocalizationCatalog(tables: [:]), developmentRegion: "en", source: "p.json")
        }
        #expect(missing?.keyPath == "android.items.SearchAction.longLabel")
        try labels.validate(
            staticItems: [], catalog: LocalizationCatalog(tables: ["en": ["search_long": "Search everything"]]), developmentRegion: "en",
            source: "p.json")
    }
}
