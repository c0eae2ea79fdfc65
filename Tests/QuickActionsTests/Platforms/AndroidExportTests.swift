import Foundation
import QuickActionsPreview
import Testing

@testable import QuickActions

/// An iOS configuration with its translations: the project's fixtures.
struct IOSFixture: Sendable, CustomStringConvertible {
    let plist: String
    let localizations: String?
    var buildSettings: [String: String] = [:]

    var description: String { plist }

    static let all = [
        IOSFixture(plist: "Info.plist", localizations: "Localizations"),
        IOSFixture(plist: "SourceApp/Info.plist", localizations: "SourceApp/Localizations", buildSettings: SourceAppFixture.buildSettings.values),
        IOSFixture(plist: "SourceApp/Info.plist", localizations: "SourceApp/Catalog", buildSettings: SourceAppFixture.buildSettings.values),
        IOSFixture(plist: "Lint.plist", localizations: "LintLocalizations"),
        IOSFixture(plist: "IconPrecedence.plist", localizations: nil),
        IOSFixture(plist: "RealApps/Firefox/Info.plist", localizations: nil, buildSettings: ["PRODUCT_BUNDLE_IDENTIFIER": "org.mozilla.ios.Firefox"]),
        IOSFixture(plist: "RealApps/Focus/Info.plist", localizations: nil),
        IOSFixture(plist: "RealApps/Mastodon/Info.plist", localizations: "RealApps/Mastodon"),
        IOSFixture(plist: "RealApps/DuckDuckGo/Info.plist", localizations: nil),
    ]

    func load() throws -> (configuration: StaticShortcutConfiguration, catalog: LocalizationCatalog, region: String) {
        let configuration = try StaticShortcutConfiguration.load(path: try FixtureFiles.path(plist), buildSettings: BuildSettings(buildSettings))
        let catalog = try localizations.map { try LocalizationCatalog.load(directory: try FixtureFiles.path($0)) } ?? LocalizationCatalog(tables: [:])
        return (configuration, catalog, configuration.developmentRegion ?? "en")
    }
}

extension AndroidResourceExport {
    /// Writes `files` under a new temporary folder and returns it (the folder holding `res/`).
    static func write(_ files: [File]) throws -> String {
        let root = try FixtureFiles.temporaryDirectory()
        for file in files {
            let path = root + "/" + file.path
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
        }
        return root
    }
}

@Suite struct AndroidExportTests {
    static let glyph: @Sendable (ShortcutIconType) -> String? = { ShortcutGlyph.markup(for: $0) }

    func file(_ files: [AndroidResourceExport.File], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.bytes, as: UTF8.self) }
    }

    @Test func theDemoItemsAsAResFolder() throws {
        let mapping = AndroidMapping(package: "com.example.contacts", activity: "com.example.contacts.MainActivity")
        let files = try AndroidResourceExport.files(
            staticItems: ShortcutItemBuilder.defaultStaticItems, catalog: LocalizationCatalog(tables: ["de": ["Search": "Suchen"]]),
            developmentRegion: "en", mapping: mapping, glyph: Self.glyph)
        #expect(
            files.map(\.path) == [
                "res/drawable/qa_icon_search.xml", "res/drawable/qa_icon_share.xml", "res/values-de/quickactions_strings.xml",
                "res/values/quickactions_strings.xml", "res/xml/shortcuts.xml",
            ])
        let shortcuts = try #require(file(files, "res/xml/shortcuts.xml"))
        #expect(
            shortcuts.contains(
                """
                    <shortcut
                        android:shortcutId="SearchAction"
                        android:enabled="true"
                        android:icon="@drawable/qa_icon_search"
                        android:shortcutShortLabel="@string/qa_shortcut_searchaction_title"
                        android:shortcutLongLabel="@string/qa_shortcut_searchaction_title">
                        <intent
                            android:action="android.intent.action.VIEW"
                            android:targetPackage="com.example.contacts"
                            android:targetClass="com.example.contacts.MainActivity"/>
                    </shortcut>
                """))
        #expect(
            file(files, "res/values-de/quickactions_strings.xml")?.contains(#"<string name="qa_shortcut_searchaction_title">Suchen</string>"#) == true
        )
        #expect(file(files, "res/values-de/quickactions_strings.xml")?.contains("Share") == false)
        #expect(file(files, "res/drawable/qa_icon_search.xml")?.contains("android:pathData=\"M") == true)
    }

    /// Every file starts with the marker line, the only sign by which an export replaces or
    /// removes a file: nothing (not even an XML declaration) comes before it.
    @Test func everyFileStartsWithTheMarker() throws {
        let files = try AndroidResourceExport.files(
            staticItems: ShortcutItemBuilder.defaultStaticItems, catalog: LocalizationCatalog(tables: ["de": ["Search": "Suchen"]]),
            developmentRegion: "en", glyph: Self.glyph)
        #expect(files.count == 5)
        for file in files {
            #expect(AndroidResourceExport.startsWithMarker(file.bytes), "\(file.path)")
            #expect(AndroidResourceExport.isExportPath(file.path), "\(file.path)")
        }
        let marker = Array(AndroidResourceExport.marker.utf8)
        #expect(AndroidResourceExport.startsWithMarker(marker + [0x0D, 0x0A, 0x3C]), "a checkout's CRLF keeps it the export's")
        #expect(!AndroidResourceExport.startsWithMarker(marker + [0x20, 0x0A]))
        #expect(!AndroidResourceExport.startsWithMarker(Array("<?xml version=\"1.0\"?>\n".utf8) + marker + [0x0A]))
        #expect(!AndroidResourceExport.startsWithMarker(marker))
    }

    @Test(arguments: [
        ("res/xml/shortcuts.xml", true), ("res/values/quickactions_strings.xml", true), ("res/values-b+zh+Hans/quickactions_strings.xml", true),
        ("res/drawable/qa_icon_search.xml", true), ("res/values/strings.xml", false), ("res/xml/other.xml", false),
        ("res/drawable/qa_icon_.xml", false), ("res/drawable/icon.xml", false), ("res/valuesx/quickactions_strings.xml", false),
        ("res/xml-v25/shortcuts.xml", false), ("res/values/sub/quickactions_strings.xml", false), ("shortcuts.xml", false),
    ])
    func theExportsPaths(path: String, isExport: Bool) {
        #expect(AndroidResourceExport.isExportPath(path) == isExport)
    }

    @Test func textIsEscapedAsAndroidReadsIt() throws {
        let item = ShortcutItem(type: "Odd", localizedTitle: "@it's \"100%\" <b>", kind: .static)
        let files = try AndroidResourceExport.files(staticItems: [item], catalog: LocalizationCatalog(tables: [:]), developmentRegion: "en")
        #expect(
            file(files, "res/values/quickactions_strings.xml")?.contains(
                #"<string name="qa_shortcut_odd_title" formatted="false">\@it\'s \"100%\" &lt;b&gt;</string>"#) == true)
    }

    @Test(arguments: [
        ("de", "de"), ("pt-BR", "pt-rBR"), ("zh-TW", "zh-rTW"), ("sr-Latn", "b+sr+Latn"), ("es-419", "b+es+419"), ("zh-Hans", "b+zh+Hans"),
        ("zh-Hant-TW", "b+zh+Hant+TW"), ("he", "iw"), ("id", "in"), ("fil", "fil"), ("en-gb", "en-rGB"), ("de-CH-1901", "b+de+CH+1901"),
    ])
    func languagesBecomeAndroidQualifiers(tag: String, suffix: String) throws {
        #expect(try AndroidResourceQualifier.folderSuffix(forLanguageTag: tag) == suffix)
        let back = try #require(AndroidResourceQualifier.parse(folder: "values-\(suffix)"))
        #expect(back.language?.lowercased() == tag.lowercased() && !back.hasOtherQualifiers)
    }

    @Test func foldersNameTheirLanguage() {
        #expect(AndroidResourceQualifier.parse(folder: "values")?.language == nil)
        #expect(AndroidResourceQualifier.parse(folder: "values-v29")?.hasOtherQualifiers == true)
        #expect(AndroidResourceQualifier.parse(folder: "values-de-v29")?.language == "de")
        #expect(AndroidResourceQualifier.parse(folder: "values-mcc310-en-rUS-night")?.language == "en-US")
        #expect(AndroidResourceQualifier.parse(folder: "values-sr-rLatn") == nil)
        #expect(AndroidResourceQualifier.parse(folder: "values-night")?.language == nil)
        #expect(AndroidResourceQualifier.parse(folder: "drawable") == nil)
    }

    @Test func whatAndroidCannotSayIsRefusedNamingTheItem() {
        let catalog = LocalizationCatalog(tables: [:])
        let big = ShortcutItem(type: "Big", localizedTitle: "Big", userInfo: ["n": .integer(1 << 40)], kind: .static)
        #expect(
            throws: PlatformExportError(
                platform: .android, itemIndex: 1, type: "Big", reason: "userInfo \"n\" does not fit an extra of shortcuts.xml (a 32-bit int or float)"
            )
        ) {
            try AndroidResourceExport.files(staticItems: [ShortcutItemBuilder.defaultStaticItems[0], big], catalog: catalog, developmentRegion: "en")
        }
        let nul = ShortcutItem(type: "Nul", localizedTitle: "Nul", kind: .static)
        let error = #expect(throws: PlatformExportError.self) {
            try AndroidResourceExport.files(
                staticItems: [nul], catalog: LocalizationCatalog(tables: ["de": ["Nul": "a\u{0}b"]]), developmentRegion: "en")
        }
        #expect(
            error?.description
                == "item 0 (Nul) [de]: the text of @string/qa_shortcut_nul_title contains U+0000, which an Android string resource cannot hold")
        #expect(throws: PlatformExportError.self) {
            try AndroidResourceExport.files(staticItems: [nul], catalog: LocalizationCatalog(tables: ["x-private": [:]]), developmentRegion: "en")
        }
        let mapping = AndroidMapping(items: ["Nul": AndroidItemMapping(shortLabel: "@string/missing")])
        #expect(throws: PlatformExportError.self) {
            try AndroidResourceExport.files(staticItems: [nul], catalog: catalog, developmentRegion: "en", mapping: mapping)
        }
    }

    @Test func aSixtyFourBitUserInfoIntegerIsRefused() throws {
        let configuration = try StaticShortcutConfiguration.load(path: try FixtureFiles.path("UserInfoTypes.plist"))
        let error = #expect(throws: PlatformExportError.self) {
            try AndroidResourceExport.files(
                staticItems: configuration.staticItems, catalog: LocalizationCatalog(tables: [:]), developmentRegion: "en")
        }
        #expect(error?.itemIndex == 0)
        #expect(error?.reason.contains("does not fit an extra of shortcuts.xml") == true)
    }

    @Test func generatedNamesAreUniqueAndResourceSafe() throws {
        let items = [
            ShortcutItem(type: "a.b", localizedTitle: "One", kind: .static),
            ShortcutItem(type: "A-B", localizedTitle: "Two", kind: .static),
            ShortcutItem(type: "$(PRODUCT_BUNDLE_IDENTIFIER).NewTab", localizedTitle: "Three", kind: .static),
        ]
        let files = try AndroidResourceExport.files(staticItems: items, catalog: LocalizationCatalog(tables: [:]), developmentRegion: "en")
        let strings = try #require(file(files, "res/values/quickactions_strings.xml"))
        #expect(strings.contains(#"name="qa_shortcut_a_b_title">One"#))
        #expect(strings.contains(#"name="qa_shortcut_a_b_title_2">Two"#))
        #expect(strings.contains(#"name="qa_shortcut_product_bundle_identifier_newtab_title">Three"#))
        #expect(AndroidResourceExport.iconName(for: .capturePhoto) == "qa_icon_capture_photo")
    }

    @Test(arguments: ShortcutIconType.allCases)
    func everyGlyphBecomesAVectorDrawable(type: ShortcutIconType) throws {
        let drawable = try AndroidVectorDrawable.xml(glyph: ShortcutGlyph.markup(for: type))
        let root = try XMLReader.parse(Array(drawable.utf8))
        #expect(root.name.localName == "vector")
        #expect(root.elements.count == 2)
        #expect(throws: AndroidText.Failure.self) { try AndroidVectorDrawable.xml(glyph: "<ellipse/>") }
    }

    /// iOS → Android → read back gives the same items for every field both carry: the type (the
    /// id), the title in every language, the icon type, userInfo as typed extras, enabled.
    @Test(arguments: IOSFixture.all)
    func anIOSConfigurationSurvivesTheRoundTrip(fixture: IOSFixture) throws {
        let (configuration, catalog, region) = try fixture.load()
        var items = configuration.staticItems
        if items.count > 1 {
            items[1].enabled = false
            items[1].disabledMessage = items[0].localizedTitle
        }
        let files = try AndroidResourceExport.files(staticItems: items, catalog: catalog, developmentRegion: region, glyph: Self.glyph)
        let root = try AndroidResourceExport.write(files)
        let read = try AndroidShortcutSource.load(shortcutsPath: root + "/res/xml/shortcuts.xml", developmentLanguage: region)
        let back = read.configuration.staticItems
        #expect(back.map(\.type) == items.map(\.type))
        #expect(back.map(\.enabled) == items.map(\.enabled))
        #expect(back.map(\.icon) == items.map { item in item.icon.flatMap { if case .type = $0 { $0 } else { nil } } })
        #expect(back.map(\.userInfo) == items.map { $0.userInfo?.compactMapValues { AndroidExtraValue(staticUserInfo: $0)?.propertyListValue } })
        for language in [nil] + catalog.languages {
            let original = LocalizationCatalog.localized(items, table: catalog.resolve(negotiated: language, developmentRegion: region).table)
            let readBack = LocalizationCatalog.localized(back, table: read.catalog.resolve(negotiated: language, developmentRegion: region).table)
            #expect(readBack.map(\.localizedTitle) == original.map(\.localizedTitle), "language \(language ?? "default")")
            #expect(readBack.map(\.disabledMessage) == original.map(\.disabledMessage), "language \(language ?? "default")")
        }
    }

    /// Android → iOS items → Android again gives the same shortcuts and the same text.
    @Test(arguments: AndroidFixture.allCases)
    func anAndroidSourceSurvivesTheRoundTrip(fixture: AndroidFixture) throws {
        let source = try fixture.source()
        let items = source.configuration.staticItems
        let files = try AndroidResourceExport.files(staticItems: items, catalog: source.catalog, developmentRegion: "en")
        let root = try AndroidResourceExport.write(files)
        let read = try AndroidShortcutSource.load(shortcutsPath: root + "/res/xml/shortcuts.xml")
        #expect(read.configuration.staticItems == items)
        for language in source.catalog.languages {
            let readTable = read.catalog.resolve(negotiated: read.catalog.negotiate(acceptLanguage: language), developmentRegion: "en").table
            #expect(
                LocalizationCatalog.localized(read.configuration.staticItems, table: readTable).map(\.localizedTitle)
                    == source.catalog.localized(items, language: language).map(\.localizedTitle), "language \(language)")
        }
    }
}
