import Foundation
import QuickActions
import Testing

/// Inputs the fuzzers (fuzz/run.sh) once found problems with, replayed on every test run
/// through the same checks the fuzz targets make.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func inputs(_ target: String) -> [[UInt8]] {
        let directory = root.appendingPathComponent("fuzz/regressions/\(target)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: directory.appendingPathComponent(name).path).map { Array($0) }
        }
    }

    @Test func jsonRequestInputsParseAndWriteStably() throws {
        let inputs = Self.inputs("JSONRequest")
        #expect(!inputs.isEmpty)
        for input in inputs {
            guard let value = try? JSONParser.parse(input) else { continue }
            let written = JSONWriter.bytes(value)
            #expect(JSONWriter.bytes(try JSONParser.parse(written)) == written)
        }
    }

    @Test func stringsFileInputsNeverCrash() {
        for input in Self.inputs("StringsFile") { _ = try? StringsFile.parse(input) }
    }

    @Test func stringCatalogInputsNeverCrash() {
        for input in Self.inputs("StringCatalog") { _ = try? StringCatalog.parse(input) }
    }

    @Test func infoPlistInputsNeverCrash() {
        for input in Self.inputs("InfoPlist") { _ = try? ShortcutConfiguration.parse(input, source: "regression") }
    }
}

@Suite struct DevelopmentRegionTests {
    @Test func theInfoPlistLanguageIsRead() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleDevelopmentRegion</key><string>de_DE</string>
            <key>UIApplicationShortcutItems</key><array><dict>
            <key>UIApplicationShortcutItemType</key><string>SearchAction</string>
            <key>UIApplicationShortcutItemTitle</key><string>Suchen</string>
            </dict></array></dict></plist>
            """
        let configuration = try ShortcutConfiguration.parse(Array(plist.utf8), source: "inline")
        #expect(configuration.developmentRegion == "de-DE")
        let unexpanded = plist.replacingOccurrences(of: "de_DE", with: "$(DEVELOPMENT_LANGUAGE)")
        // DEVELOPMENT_LANGUAGE is `en` unless a build setting says otherwise, as in Xcode.
        #expect(try ShortcutConfiguration.parse(Array(unexpanded.utf8), source: "inline").developmentRegion == "en")
        let french = BuildSettings(["DEVELOPMENT_LANGUAGE": "fr"])
        #expect(try ShortcutConfiguration.parse(Array(unexpanded.utf8), source: "inline", buildSettings: french).developmentRegion == "fr")
    }
}
