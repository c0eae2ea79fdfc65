import Foundation
import TestSupport
import Testing

@testable import QuickActions

/// What the domain writes for Android, and how it reads Android's files, checked by Android's
/// own resource compiler: every export compiles with `aapt`, and `aapt`'s reading of it (ids,
/// enabled flags, labels in every language, typed extras) is our list's. Runs where `aapt` and
/// `android-framework-res` are installed (`make test-android` installs them and requires it).
@Suite(.enabled(if: Aapt.isInstalled || Aapt.isRequired, "needs Debian's aapt and android-framework-res (make test-android)"))
struct AaptTests {
    /// Copies the fixture's `res/` into a new folder (with stubs for its icons) and compiles it.
    func compiledFixture(_ fixture: AndroidFixture) throws -> String {
        let root = try FixtureFiles.temporaryDirectory()
        try FileManager.default.copyItem(atPath: try fixture.resDirectory, toPath: root + "/res")
        try Aapt.addStubDrawables(root)
        try Aapt.package(root)
        return root
    }

    /// Our reading of every `<string>` of each `values*` folder is aapt's: the fixtures that
    /// compile as they are (AntennaPod's plurals do not, with this aapt).
    @Test(arguments: [AndroidFixture.binaryEye, .termux, .bbqTimer, .myTargets])
    func everyStringReadsAsAaptReadsIt(fixture: AndroidFixture) throws {
        let root = try compiledFixture(fixture)
        try compareStrings(root: root)
    }

    /// aapt compiles a `shortcuts.xml` whose root has a default namespace, keeping the element
    /// names Android's parser compares (`getName()`): our reader reads the shortcut too. An
    /// empty file it refuses, as we do.
    @Test func aDefaultNamespaceCompilesAndAnEmptyFileDoesNot() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": AndroidSourceRefusalTests.shortcuts.replacingOccurrences(of: "<shortcuts ", with: "<shortcuts xmlns=\"urn:x\" "),
            "values/strings.xml": #"<resources><string name="compose">Compose</string></resources>"#,
        ])
        let root = (resources.root as NSString).deletingLastPathComponent
        try Aapt.package(root)
        let tree = try Aapt.run(["dump", "xmltree", root + "/out.apk", "res/xml/shortcuts.xml"]).output
        #expect(tree.contains("E: :shortcuts") && tree.contains("E: :intent"), "\(tree)")
        #expect(try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath).configuration.staticItems.map(\.type) == ["compose"])
        try Data().write(to: URL(fileURLWithPath: resources.shortcutsPath))
        #expect(throws: Aapt.Failure.self) { try Aapt.package(root) }
    }

    /// The same for text written to find the edges: quotes, escapes, white space, CDATA,
    /// spans, entities, references, non-BMP characters.
    @Test func edgeCasesReadAsAaptReadsThem() throws {
        let root = try FixtureFiles.temporaryDirectory()
        let strings = #"""
            <?xml version="1.0" encoding="utf-8"?>
            <!DOCTYPE resources [ <!ENTITY app "Quick &amp; Co"> ]>
            <resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
              <string name="s1">it\'s \"q\" back\\slash\nnew\ttab \@at \?q 100% &lt;b&gt; &amp;</string>
              <string name="s2">"  lead and trail  "</string>
              <string name="s3">\u0020lead\u0020\u0020two</string>
              <string name="s4">caf\u00e9 😀 \u2026 \ud83d\ude00</string>
              <string name="s5">  a   b
                 c  </string>
              <string name="s6">@string/s1</string>
              <string name="s7">\@string/s1</string>
              <string name="s8"><b>bold</b> and <i>it</i></string>
              <string name="s9"><![CDATA[<b>x</b> \' y]]></string>
              <string name="s10">Hello <xliff:g id="n" example="Ada">%1$s</xliff:g>!</string>
              <string name="s11">&app; says "it's"  quoted</string>
              <string name="s12">ends with \\</string>
              <string name="s13">a\zb</string>
              <string name="s14">  <b> spaced </b>  text  </string>
              <string name="s15">"unbalanced   quote</string>
              <string name="s16">tab\t\tand\n\nnewlines</string>
              <string name="s17"></string>
              <string name="s18">   </string>
              <string name="s19">x <!-- comment --> y</string>
              <string name="s20">\"\"</string>
            </resources>
            """#
        try FileManager.default.createDirectory(atPath: root + "/res/values", withIntermediateDirectories: true)
        try Data(strings.utf8).write(to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        try Aapt.package(root)
        try compareStrings(root: root)
    }

    func compareStrings(root: String) throws {
        let dumped = try Aapt.strings(root)
        var compared = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: root + "/res").sorted() where folder.hasPrefix("values") {
            let config = folder == "values" ? "(default)" : String(folder.dropFirst(7))
            var ours: [String: AndroidStringResources.RawEntry] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: "\(root)/res/\(folder)").sorted() where file.hasSuffix(".xml") {
                var problems: [AndroidSourceProblem] = []
                var bytes = 0
                ours.merge(try AndroidStringResources.read(file: "\(root)/res/\(folder)/\(file)", problems: &problems, totalBytes: &bytes)) {
                    _, later in later
                }
                #expect(problems.isEmpty, "\(problems)")
            }
            let theirs = dumped[config] ?? [:]
            #expect(Set(ours.keys) == Set(theirs.keys), "\(folder): names differ")
            for (name, entry) in ours {
                switch (entry.value, theirs[name]) {
                case (.text(let text), .string(let dumpedText)?): #expect(text == dumpedText, "\(folder) \(name)")
                case (.reference(let reference), .reference(let target)?): #expect(reference.name == target, "\(folder) \(name)")
                default: Issue.record("\(folder) \(name): ours \(entry.value), aapt's \(String(describing: theirs[name]))")
                }
                compared += 1
            }
        }
        #expect(compared > 0)
    }

    /// Every export compiles, and aapt reads back each shortcut's id, enabled flag and labels in
    /// every language as our list has them.
    @Test(arguments: IOSFixture.all)
    func anIOSExportCompilesAndReadsBackAsTheList(fixture: IOSFixture) throws {
        let (configuration, catalog, region) = try fixture.load()
        var items = configuration.staticItems
        if items.count > 1 {
            items[1].enabled = false
            items[1].disabledMessage = items[0].localizedTitle
        }
        try checkExport(items: items, catalog: catalog, region: region, mapping: nil)
    }

    @Test func theDemoExportWithAMappingCompiles() throws {
        let mapping = try #require(try PlatformMappingTests.mapping().android)
        let catalog = LocalizationCatalog(tables: [
            "de": ["Search": "Suchen", "search_long": "Alles durchsuchen"], "en": ["search_long": "Search everything"],
        ])
        try checkExport(items: ShortcutItemBuilder.defaultStaticItems, catalog: catalog, region: "en", mapping: mapping)
    }

    @Test(arguments: AndroidFixture.allCases)
    func anAndroidSourceExportCompilesAndReadsBackAsTheList(fixture: AndroidFixture) throws {
        let source = try fixture.source()
        try checkExport(items: source.configuration.staticItems, catalog: source.catalog, region: "en", mapping: nil)
    }

    /// Text that needs every escape, in languages that need every qualifier form.
    @Test func hardTextInEveryQualifierFormCompilesAndReadsBack() throws {
        let texts = [
            "it's \"quoted\"", "100% sure", "@home", "?what", "  spaced  out  ", "back\\slash", "line\nbreak\ttab", "emoji 😀 ok", "<b>&amp;</b>",
            "#hash", "]]>",
        ]
        let items = texts.indices.map { ShortcutItem(type: "T\($0)", localizedTitle: "title\($0)", kind: .static) }
        var tables: [String: [String: String]] = [:]
        for (offset, tag) in ["en", "de", "pt-BR", "zh-Hant-TW", "sr-Latn", "es-419", "he", "fil", "zh-Hans"].enumerated() {
            tables[tag] = Dictionary(uniqueKeysWithValues: texts.indices.map { ("title\($0)", texts[($0 + offset) % texts.count] + " \(tag)") })
        }
        try checkExport(items: items, catalog: LocalizationCatalog(tables: tables), region: "en", mapping: nil)
    }

    /// The export's files sit beside the app's own `strings.xml`: aapt merges both, and the
    /// app's `app_name` stays in every language it has.
    @Test func theExportCompilesBesideTheAppsOwnStrings() throws {
        let catalog = LocalizationCatalog(tables: ["en": ["Search": "Search"], "de": ["Search": "Suchen", "Share": "Teilen"]])
        let files = try AndroidResourceExport.files(
            staticItems: ShortcutItemBuilder.defaultStaticItems, catalog: catalog, developmentRegion: "en", glyph: AndroidExportTests.glyph)
        let root = try AndroidResourceExport.write(files)
        try Data(#"<resources><string name="app_name">My App</string></resources>"#.utf8).write(
            to: URL(fileURLWithPath: root + "/res/values/strings.xml"))
        try Data(#"<resources><string name="app_name">Meine App</string></resources>"#.utf8).write(
            to: URL(fileURLWithPath: root + "/res/values-de/strings.xml"))
        try Aapt.package(root)
        let strings = try Aapt.strings(root)
        #expect(strings["(default)"]?["app_name"] == .string("My App"))
        #expect(strings["de"]?["app_name"] == .string("Meine App"))
        #expect(strings["de"]?["qa_shortcut_searchaction_title"] == .string("Suchen"))
        #expect(strings["(default)"]?["qa_shortcut_shareaction_title"] == .string("Share"))
    }

    /// userInfo becomes typed extras that aapt types the same way.
    @Test func userInfoBecomesTypedExtras() throws {
        let userInfo: [String: PropertyListValue] = [
            "string": .string("text"), "numeric": .string("42"), "boolean": .string("true"), "hash": .string("#fff"), "at": .string("@home"),
            "int": .integer(-7), "real": .real(1.5), "whole": .real(2), "flag": .bool(true), "date": .date(Timestamp(millisecondsSince1970: 0)),
            "list": .array([.integer(1)]),
        ]
        let item = ShortcutItem(type: "Typed", localizedTitle: "Typed", userInfo: userInfo, kind: .static)
        let root = try AndroidResourceExport.write(
            try AndroidResourceExport.files(staticItems: [item], catalog: LocalizationCatalog(tables: [:]), developmentRegion: "en"))
        try Aapt.package(root)
        let extras = try #require(try Aapt.shortcuts(root, path: "res/xml-v22/shortcuts.xml").first?.extras.last)
        #expect(extras["string"] == "\"text\"")
        #expect(extras["numeric"] == "\"42\"")
        #expect(extras["boolean"] == "\"true\"")
        #expect(extras["hash"] == "\"#fff\"")
        #expect(extras["at"] == "\"@home\"")
        #expect(extras["int"] == "(type 0x10)0xfffffff9")
        #expect(extras["real"] == "(type 0x4)0x3fc00000")
        #expect(extras["whole"] == "(type 0x4)0x40000000")
        #expect(extras["flag"] == "(type 0x12)0xffffffff")
        #expect(extras["date"] == "\"1970-01-01T00:00:00.000Z\"")
        #expect(extras["list"] == "\"[1]\"")
    }

    /// `quickactiond export android` (the real binary) on each iOS fixture: what it writes
    /// compiles, and aapt reads back the list the domain makes of the same files.
    @Test(arguments: IOSFixture.all)
    func theBinarysExportOfAnInfoPlistCompilesAndReadsBackAsTheList(fixture: IOSFixture) throws {
        let (configuration, catalog, region) = try fixture.load()
        var arguments = ["--shortcuts", try FixtureFiles.path(fixture.plist)]
        if let localizations = fixture.localizations { arguments += ["--localizations", try FixtureFiles.path(localizations)] }
        for (name, value) in fixture.buildSettings.sorted(by: { $0.key < $1.key }) { arguments += ["--build-setting", "\(name)=\(value)"] }
        let root = try Self.exportWithBinary(arguments)
        try checkCompiled(
            root: root, paths: try Self.files(under: root), items: configuration.staticItems, catalog: catalog, region: region, mapping: nil)
    }

    /// `quickactiond export android --shortcuts <an Android app's shortcuts.xml>`: the round
    /// trip through the real binary compiles and reads back as the app's own list.
    @Test(arguments: AndroidFixture.allCases)
    func theBinarysExportOfAnAndroidSourceCompilesAndReadsBackAsTheList(fixture: AndroidFixture) throws {
        let source = try fixture.source()
        let root = try Self.exportWithBinary(["--shortcuts", try fixture.shortcutsPath])
        try checkCompiled(
            root: root, paths: try Self.files(under: root), items: source.configuration.staticItems, catalog: source.catalog, region: "en",
            mapping: nil)
    }

    /// Runs `quickactiond export android --out <a new folder> ARGUMENTS`; the folder.
    static func exportWithBinary(_ arguments: [String]) throws -> String {
        let root = try FixtureFiles.temporaryDirectory()
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let binary =
            ProcessInfo.processInfo.environment["QUICKACTIOND_BINARY"] ?? packageRoot.appendingPathComponent(".build/debug/quickactiond").path
        let child = try ChildProcess(binary, ["export", "android", "--out", root] + arguments, output: .pipe, error: .output)
        let output = String(decoding: child.readOutputToEnd(), as: UTF8.self)
        let status = child.wait()
        child.closeOutputPipe()
        guard status == .exited(0) else { throw Aapt.Failure(description: "quickactiond export android failed (\(status)):\n\(output)") }
        return root
    }

    /// The files under `root`, relative to it.
    static func files(under root: String) throws -> [String] {
        (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }

    func checkExport(items: [ShortcutItem], catalog: LocalizationCatalog, region: String, mapping: AndroidMapping?) throws {
        let files = try AndroidResourceExport.files(
            staticItems: items, catalog: catalog, developmentRegion: region, mapping: mapping, glyph: AndroidExportTests.glyph)
        let root = try AndroidResourceExport.write(files)
        try checkCompiled(root: root, paths: files.map(\.path), items: items, catalog: catalog, region: region, mapping: mapping)
    }

    /// Compiles `root/res` (written as `paths`) and compares aapt's reading with the list of
    /// `items` in every language.
    func checkCompiled(
        root: String, paths: [String], items: [ShortcutItem], catalog: LocalizationCatalog, region: String, mapping: AndroidMapping?
    ) throws {
        try Aapt.addStubDrawables(root)
        try Aapt.package(root)
        let listed = try Aapt.list(root)
        #expect(listed.contains("res/xml/shortcuts.xml"))
        let versioned = try #require(listed.first { $0.hasPrefix("res/xml-v") && $0.hasSuffix("/shortcuts.xml") }, "\(listed)")
        let dumped = try Aapt.shortcuts(root, path: versioned)
        let names = try Aapt.stringNames(root)
        let strings = try Aapt.strings(root)
        // Every language folder written is a configuration aapt compiled.
        for path in paths where path.hasPrefix("res/values-") {
            let language = AndroidResourceQualifier.parse(folder: String(path.dropFirst(4).prefix { $0 != "/" }))?.language
            #expect(strings.keys.contains { AndroidResourceQualifier.parse(folder: "values-" + $0)?.language == language }, "\(path)")
        }

        for language in [nil] + catalog.languages {
            let resolved = catalog.resolve(negotiated: language, developmentRegion: region)
            let localized = LocalizationCatalog.localized(items, table: resolved.table)
            let ours = AndroidShortcutList.render(localized, mapping: mapping, table: resolved.table).shortcuts
            #expect(dumped.map(\.id) == ours.map(\.id))
            #expect(dumped.map(\.enabled) == ours.map(\.enabled))
            let config = language.flatMap { tag in
                strings.keys.first { key in
                    key != "(default)" && AndroidResourceQualifier.parse(folder: "values-" + key)?.language?.lowercased() == tag.lowercased()
                }
            }
            func text(_ id: String?) -> String? {
                guard let id, let name = names[id] else { return nil }
                let value = config.flatMap { strings[$0]?[name] } ?? strings["(default)"]?[name]
                if case .string(let text)? = value { return text }
                return nil
            }
            for (dump, shortcut) in zip(dumped, ours) {
                let where_ = "\(language ?? "default") \(shortcut.id)"
                #expect(text(dump.labels["shortcutShortLabel"]) == shortcut.shortLabel, "\(where_)")
                #expect(text(dump.labels["shortcutLongLabel"]) == shortcut.longLabel, "\(where_)")
                #expect(text(dump.labels["shortcutDisabledMessage"]) == shortcut.disabledMessage, "\(where_)")
            }
        }
    }
}
