import Foundation
import Testing

@testable import QuickActions

/// Every input the fuzzers start from (fuzz/seeds/<Target>) and every one they once crashed on
/// (fuzz/regressions/<Target>), replayed on every test run through the checks the fuzz target
/// (fuzz/Fuzz<Target>.swift) makes. Targets are found from the directories, and a target
/// without inputs fails: a replay over nothing proves nothing.
@Suite struct FuzzRegressionTests {
    /// The checks of each target whose code is in QuickActions, by target name.
    static let replays: [String: @Sendable ([UInt8]) throws -> Void] = [
        "JSONRequest": replayJSONRequest,
        "StringsFile": { _ = try? StringsFile.parse($0) },
        "StringCatalog": replayStringCatalog,
        "InfoPlist": replayInfoPlist,
        "AndroidXML": { #expect(AndroidXMLFuzzCheck.run($0) == nil) },
    ]
    /// Targets whose code is in another module, replayed by that module's tests.
    static let replayedElsewhere = [
        "RequestTarget": "HTTPServerTests.RequestTargetFuzzRegressionTests",
        "RequestHead": "HTTPServerTests.RequestHeadFuzzRegressionTests",
    ]

    @Test func everyFuzzTargetIsReplayed() {
        let targets = FuzzInputs.targets()
        #expect(targets.count >= Self.replays.count)
        for target in targets {
            #expect(Self.replays[target] != nil || Self.replayedElsewhere[target] != nil, "fuzz target \(target) has no replay")
        }
    }

    @Test(arguments: replays.keys.sorted())
    func inputsReplay(target: String) throws {
        let inputs = FuzzInputs.inputs(target)
        try #require(!inputs.isEmpty, "fuzz/seeds/\(target) and fuzz/regressions/\(target) are empty")
        let replay = try #require(Self.replays[target])
        for input in inputs { try replay(input) }
    }

    /// What we parse we can write, and writing is stable; the contact rules run on what parses.
    private static func replayJSONRequest(_ input: [UInt8]) throws {
        guard let value = try? JSONParser.parse(input) else { return }
        let written = JSONWriter.bytes(value)
        #expect(JSONWriter.bytes(try JSONParser.parse(written)) == written)
        if case .object(let fields) = value {
            if case .string(let name)? = fields["name"] { _ = try? ContactValidator.name(name) }
            if case .string(let email)? = fields["email"] { _ = try? ContactValidator.email(email) }
            if case .object(let userInfo)? = fields["userInfo"] { _ = PropertyListValue(json: .object(userInfo)) }
            if case .string(let text)? = fields["q"] { _ = SearchFolding.fold(text) }
            if case .string(let date)? = fields["date"] { _ = Timestamp(rfc3339: date) }
        }
    }

    private static func replayStringCatalog(_ input: [UInt8]) {
        guard let catalog = try? StringCatalog.parse(input) else { return }
        let items = [ShortcutItem(type: "NewPost", localizedTitle: "NewPostShortcutItemTitle", localizedSubtitle: "Search", kind: .static)]
        let localizations = LocalizationCatalog(tables: catalog.tables, sourceLanguage: catalog.sourceLanguage)
        for language in localizations.languages {
            _ = LocalizationCatalog.localized(items, table: localizations.tables[language])
            _ = ShortcutLinter.missingTranslation(for: items, table: localizations.tables[language] ?? [:], language: language)
        }
        _ = localizations.resolve(negotiated: localizations.negotiate(acceptLanguage: "de-AT, en;q=0.5"), developmentRegion: "en")
    }

    private static func replayInfoPlist(_ input: [UInt8]) {
        let settings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "org.example.App", "PRODUCT_NAME": "App", "LOOP": "$(LOOP)x"])
        guard let configuration = try? StaticShortcutConfiguration.parse(input, source: "fuzz", buildSettings: settings) else { return }
        _ = ShortcutLinter.warnings(for: configuration.staticItems, appName: configuration.appName)
        _ = PropertyListWriter.xml(items: configuration.staticItems)
    }
}

/// `BinaryPropertyListScreen`: what Foundation would read as a binary property list is screened
/// for sets (which crash corelibs-foundation), whatever the version's last digit.
@Suite struct BinaryPropertyListScreenTests {
    @Test func everyRegressionWithASetIsRefusedBeforeFoundationReadsIt() throws {
        let inputs = ["binary-plist-with-set.bplist", "binary-plist-version-0x1f-with-set.bplist"].map { name in
            FileManager.default.contents(atPath: FuzzInputs.root.appendingPathComponent("regressions/InfoPlist/\(name)").path).map { Array($0) }
        }
        for case let input? in inputs {
            #expect(Array(input.prefix(7)) == Array("bplist0".utf8))
            #expect(BinaryPropertyListScreen.problem(in: input) == "contains a set, which is not allowed in an Info.plist")
            #expect(throws: StaticShortcutConfigurationError.self) {
                try StaticShortcutConfiguration.parse(input, source: "fuzz", buildSettings: BuildSettings([:]))
            }
        }
        #expect(inputs.compactMap { $0 }.count == 2)
    }
}
