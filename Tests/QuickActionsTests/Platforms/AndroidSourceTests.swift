import Foundation
import Testing

@testable import QuickActions

/// The real apps' `res/` folders (Fixtures/RealApps/Android, see SOURCES.md).
enum AndroidFixture: String, CaseIterable, Sendable {
    case antennaPod = "AntennaPod", bbqTimer = "BBQTimer", binaryEye = "BinaryEye", myTargets = "MyTargets", termux = "Termux"

    var shortcutsPath: String {
        get throws {
            let folder = self == .bbqTimer || self == .myTargets ? "xml-v25" : "xml"
            return try FixtureFiles.path("RealApps/Android/\(rawValue)/res/\(folder)/shortcuts.xml")
        }
    }

    var resDirectory: String { get throws { try FixtureFiles.path("RealApps/Android/\(rawValue)/res") } }

    func source() throws -> AndroidShortcutSource { try AndroidShortcutSource.load(shortcutsPath: try shortcutsPath) }
}

/// A `res/` folder written for one test.
struct TemporaryResources {
    let root: String

    init(_ files: [String: String]) throws {
        root = try FixtureFiles.temporaryDirectory() + "/res"
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: full))
        }
    }

    var shortcutsPath: String { root + "/xml/shortcuts.xml" }
}

@Suite struct AndroidSourceTests {
    static let android = "xmlns:android=\"http://schemas.android.com/apk/res/android\""

    @Test func binaryEyeBecomesStaticItemsWithTheirTranslations() throws {
        let source = try AndroidFixture.binaryEye.source()
        let items = source.configuration.staticItems
        #expect(items.map(\.type) == ["decode", "encode", "history", "preferences"])
        #expect(items.map(\.localizedTitle) == ["shortcut_decode", "shortcut_encode", "shortcut_history", "shortcut_preferences"])
        #expect(items.allSatisfy { $0.enabled && $0.visible && $0.kind == .static && $0.localizedSubtitle == nil && $0.icon == nil })
        #expect(items[0].userInfo == nil)
        #expect(items[1].userInfo == ["encode": .string("encode")])
        #expect(items[0].disabledMessage == "shortcut_decode")
        let details = try #require(items[1].android)
        #expect(details.icon?.description == "@drawable/ic_shortcut_encode")
        #expect(details.intents.first?.targetClass == "de.markusfisch.android.binaryeye.activity.MainActivity")
        #expect(details.intents.first?.extras == [AndroidExtra(name: "encode", value: .string("encode"))])

        let catalog = source.catalog
        #expect(catalog.languages == ["de", "en", "pt-BR", "zh-TW"])
        #expect(source.configuration.developmentRegion == "en")
        let titles = { (language: String?) in
            catalog.localized(items, language: language).map(\.localizedTitle)
        }
        #expect(titles("en") == ["Scan a barcode", "Create a barcode", "History", "Settings"])
        #expect(titles("de") == ["Barcode lesen", "Barcode erstellen", "Verlauf", "Einstellungen"])
        #expect(titles("pt-BR").first == "Digitalizar um código de barras")
        #expect(titles("zh-TW").first == "掃描條碼")
        #expect(catalog.negotiate(acceptLanguage: "pt-BR, en;q=0.5") == "pt-BR")
    }

    @Test func termuxFallsBackToTheDefaultTextAndExpandsEntities() throws {
        let source = try AndroidFixture.termux.source()
        let items = source.configuration.staticItems
        #expect(items.map(\.type) == ["new_session", "new_failsafe_session", "settings"])
        #expect(items[1].userInfo == ["com.termux.app.failsafe_session": .bool(true)])
        #expect(items[0].android?.intents.first?.otherAttributes == [AndroidRawAttribute(name: "name", value: "android.shortcut.conversation")])
        // de has only the older key set: a German device shows the default text, as Android does.
        #expect(source.catalog.localized(items, language: "de").map(\.localizedTitle) == ["New session", "Failsafe", "Settings"])
        #expect(source.strings.text("shared_user_label", language: nil) == "Termux user")
        // An empty values-ru gives no language, as aapt writes no configuration for it.
        #expect(!source.strings.languages.contains("ru"))
    }

    @Test func bbqTimerKeepsLongLabelsCategoriesAndTheUnversionedText() throws {
        let source = try AndroidFixture.bbqTimer.source()
        let items = source.configuration.staticItems
        #expect(items.map(\.localizedTitle) == ["pause_at_0_long", "start_at_0_long"])
        #expect(items[0].android?.shortLabel.name == "pause_at_0_short")
        #expect(items[0].android?.categories == ["android.shortcut.conversation"])
        #expect(source.configuration.appName == "BBQ Timer")
        #expect(source.catalog.localized(items, language: "de").map(\.localizedTitle) == ["Anhalten bei 00:00", "Start"])
        // values-de-v29 only fills names values-de lacks.
        let strings = source.strings
        for name in strings.languageStrings["de"]?.keys.sorted() ?? [] {
            #expect(
                strings.languageStrings["de"]?[name]?.file.contains("/values-de/") == true
                    || strings.languageStrings["de"]?[name]?.file.contains("/values-de-v29/") == true)
        }
    }

    @Test func myTargetsKeepsItsBackStack() throws {
        let items = try AndroidFixture.myTargets.source().configuration.staticItems
        #expect(items.map { $0.android?.intents.count } == [2, 2])
        #expect(
            items[0].android?.intents.map(\.action) == [
                "android.intent.action.MAIN", "de.dreier.mytargets.features.training.edit.EditTrainingFragment.CREATE_FREE_TRAINING_ACTION",
            ])
    }

    @Test func antennaPodIsReadThoughAaptRefusesItsStrings() throws {
        let source = try AndroidFixture.antennaPod.source()
        let items = source.configuration.staticItems
        #expect(items.map(\.type) == ["queue", "episodes", "subscriptions", "refresh"])
        #expect(items[3].userInfo == ["refresh_on_start": .bool(true)])
        #expect(items[0].android?.intents.first?.targetPackage == "${applicationId}")
        #expect(source.catalog.localized(items, language: "zh-TW").map(\.localizedTitle) == ["隊列", "集", "訂閱", "刷新"])
        #expect(source.strings.text("queue_label", language: nil) == "Queue")
    }

    @Test func theIOSOutputsNeverShowTheAndroidDetails() throws {
        let items = try AndroidFixture.binaryEye.source().configuration.staticItems
        for item in items {
            var plain = item
            plain.android = nil
            #expect(item.json == plain.json)
            var bytes: [UInt8] = []
            item.writeJSON(to: &bytes)
            #expect(bytes == JSONWriter.bytes(plain.json))
            #expect(item.infoPlistEntry == plain.infoPlistEntry)
        }
        #expect(!String(decoding: PropertyListWriter.xml(items: items), as: UTF8.self).contains("android"))
    }

    @Test func aDisabledShortcutIsKeptButNotShown() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": """
            <shortcuts \(Self.android)>
              <shortcut android:shortcutId="old" android:enabled="false" android:shortcutShortLabel="@string/old"
                  android:shortcutDisabledMessage="@string/gone"/>
              <shortcut android:shortcutId="new" android:shortcutShortLabel="@string/new"><intent android:action="A"/></shortcut>
            </shortcuts>
            """,
            "values/strings.xml":
                #"<resources><string name="old">Old</string><string name="new">New</string><string name="gone">It\'s gone</string></resources>"#,
            "values-de/strings.xml": #"<resources><string name="gone">Weg</string></resources>"#,
        ])
        let source = try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath)
        let items = ShortcutItemBuilder(staticItems: source.configuration.staticItems).items(dynamic: [])
        #expect(items.map(\.enabled) == [false, true])
        #expect(items.map(\.visible) == [false, true])
        #expect(source.catalog.localized(items, language: "de").first?.disabledMessage == "Weg")
        #expect(source.catalog.localized(items, language: "en").first?.disabledMessage == "It's gone")
        let json = JSONWriter.string(source.catalog.localized(items, language: "de")[0].json)
        #expect(json.contains(#""disabledMessage":"Weg","enabled":false"#))
    }

    /// Every problem the issue names, each naming the file, the line and the shortcut id.
    @Test func badInputIsRefusedNamingFileLineAndID() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": """
            <shortcuts \(Self.android)>
              <shortcut android:shortcutShortLabel="@string/a"><intent android:action="A"/></shortcut>
              <shortcut android:shortcutId="noLabel"><intent android:action="A"/></shortcut>
              <shortcut android:shortcutId="literal" android:shortcutShortLabel="Literal label"><intent android:action="A"/></shortcut>
              <shortcut android:shortcutId="fromResource" android:shortcutShortLabel="@string/a" android:shortcutId2="x"/>
              <shortcut android:shortcutId="undefined" android:shortcutShortLabel="@string/nowhere"><intent android:action="A"/></shortcut>
              <shortcut android:shortcutId="twice" android:shortcutShortLabel="@string/a"><intent android:action="A"/></shortcut>
              <shortcut android:shortcutId="twice" android:shortcutShortLabel="@string/a"><intent android:action="A"/></shortcut>
              <shortcut android:shortcutId="@string/a" android:shortcutShortLabel="@string/a"><intent android:action="A"/></shortcut>
            </shortcuts>
            """,
            "values/strings.xml": #"<resources><string name="a">A</string></resources>"#,
        ])
        let error = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath) }
        let file = resources.shortcutsPath
        #expect(
            error.problems.map(\.kind) == [.missingAttribute, .missingAttribute, .wrongValueKind, .missingAttribute, .duplicateID, .wrongValueKind])
        #expect(error.problems.map(\.line) == [2, 3, 4, 5, 8, 9])
        #expect(error.problems.map(\.shortcutID) == [nil, "noLabel", "literal", "fromResource", "twice", nil])
        #expect(error.problems[0].description == "\(file):2: has no android:shortcutId")
        #expect(error.problems[1].description == "\(file):3: shortcut \"noLabel\": has no android:shortcutShortLabel")
        #expect(
            error.problems[2].description
                == "\(file):4: shortcut \"literal\": android:shortcutShortLabel is the literal \"Literal label\"; Android demands a string resource (@string/…)"
        )
        #expect(error.problems[4].description == "\(file):8: shortcut \"twice\": uses the id of the shortcut on line 7; ids must be unique")
        #expect(error.problems[5].reason == "android:shortcutId is \"@string/a\", a resource; Android demands a string literal")

        // The undefined string is reported once the file itself is clean.
        let undefined = try TemporaryResources([
            "xml/shortcuts.xml": """
            <shortcuts \(Self.android)>

              <shortcut android:shortcutId="undefined" android:shortcutShortLabel="@string/nowhere"><intent android:action="A"/></shortcut>
            </shortcuts>
            """,
            "values/strings.xml": #"<resources><string name="a">A</string><string name="loop">@string/loop</string></resources>"#,
        ])
        let second = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: undefined.shortcutsPath) }
        #expect(
            second.description
                == "\(undefined.shortcutsPath):3: shortcut \"undefined\": android:shortcutShortLabel names @string/nowhere, which no values/ file defines"
        )
    }

    @Test func malformedXMLIsRefusedWithItsLine() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": "<shortcuts \(Self.android)>\n  <shortcut android:shortcutId=\"a\">\n</shortcuts>\n",
            "values/strings.xml": "<resources/>",
        ])
        let error = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath) }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].kind == .malformed)
        #expect(error.problems[0].line == 3)
        #expect(error.description.hasPrefix("\(resources.shortcutsPath):3: closes <shortcut> (opened on line 2) with </shortcuts>"))

        let badStrings = try TemporaryResources([
            "xml/shortcuts.xml": "<shortcuts/>",
            "values/strings.xml": "<resources>\n<string name=\"a\">A</strin>\n</resources>",
            "values-de/more.xml": "<resources><string name='b'>&nope;</string></resources>",
        ])
        let both = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: badStrings.shortcutsPath) }
        #expect(both.problems.map(\.kind) == [.malformed, .malformed])
        #expect(both.problems.map(\.line) == [2, 1])
        #expect(both.problems[1].file.hasSuffix("values-de/more.xml"))

        let notShortcuts = try TemporaryResources(["xml/shortcuts.xml": "<resources/>", "values/strings.xml": "<resources/>"])
        #expect(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: notShortcuts.shortcutsPath) }
        #expect(!AndroidShortcutsFile.isShortcutsFile(Array("<resources/>".utf8)))
        #expect(AndroidShortcutsFile.isShortcutsFile(try FixtureFiles.bytes("RealApps/Android/Termux/res/xml/shortcuts.xml")))
        #expect(!AndroidShortcutsFile.isShortcutsFile(try FixtureFiles.bytes("Info.plist")))
    }

    @Test func stringsThatCannotBeReadAreProblemsNotFailures() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml":
                "<shortcuts \(Self.android)><shortcut android:shortcutId='a' android:shortcutShortLabel='@string/bad'><intent android:action='A'/></shortcut></shortcuts>",
            "values/strings.xml":
                #"<resources><string name="bad">\ud800</string><string name="ok">fine</string><string name="ref">@string/ok</string><string name="cycle">@string/cycle</string></resources>"#,
        ])
        let strings = try AndroidStringResources.load(resDirectory: resources.root)
        #expect(strings.text("ref", language: nil) == "fine")
        #expect(strings.text("bad", language: nil) == nil)
        #expect(strings.problems.count == 2 && Set(strings.problems.map(\.kind)) == [.invalidValue, .undefinedString])
        // Used as a label, the string's own problem is named.
        let error = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath) }
        #expect(error.problems.count == 1 && error.problems[0].kind == .undefinedString)
        #expect(error.problems[0].reason.hasPrefix("android:shortcutShortLabel names @string/bad, which cannot be read ("))
        #expect(error.problems[0].reason.contains("strings.xml:1: string \"bad\": contains an unpaired UTF-16 surrogate"))
    }
}
