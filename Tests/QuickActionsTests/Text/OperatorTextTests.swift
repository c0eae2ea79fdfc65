import Foundation
import Testing

@testable import QuickActions

/// No control character other than tab, line feed and carriage return reaches the lists from an
/// operator's iOS files (Info.plist, JSON items, InfoPlist.strings, InfoPlist.xcstrings, the
/// platform mapping): each is refused naming the file and line. A leading UTF-8 byte order mark
/// is read in every one of them.
@Suite struct OperatorTextTests {
    @Test func theRuleIsTheAPIsRuleForUserInfoText() {
        for value: UInt32 in [0x00, 0x07, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F, 0x80, 0x85, 0x9B, 0x9F] {
            #expect(OperatorText.isRefused(Unicode.Scalar(value) ?? " "), "U+\(value)")
        }
        for allowed in ["\t", "\n", "\r", " ", "é", "\u{A0}", "\u{200B}"] as [Unicode.Scalar] { #expect(!OperatorText.isRefused(allowed)) }
        #expect(OperatorText.problem(in: "fine\ttext\r\n") == nil)
        #expect(OperatorText.problem(in: "a\u{1B}b") == "holds the control character U+001B, which no label, title or identifier may hold")
    }

    @Test func theScannersFindTheLine() {
        let json = Array("{\n \"a\": \"x\",\n \"b\": \"\\\\u001b \\n\",\n \"c\": \"\\u0007\"\n}".utf8)
        #expect(OperatorText.firstRefused(inJSON: json).map { [$0.line, Int($0.scalar.value)] } == [4, 7])
        #expect(OperatorText.firstRefused(inJSON: Array("[\"\\b\"]".utf8))?.scalar == "\u{8}")
        #expect(OperatorText.firstRefused(inJSON: Array("[\"\n\",\n\"\u{9B}\"]".utf8)).map { [$0.line, Int($0.scalar.value)] } == [3, 0x9B])
        #expect(OperatorText.firstRefused(inJSON: Array("[\"\\t\\r\\n\\u0009\"]".utf8)) == nil)
        let xml = Array("<a>\n<b>&#x1b;</b>\n</a>".utf8)
        #expect(OperatorText.firstRefused(inXML: xml).map { [$0.line, Int($0.scalar.value)] } == [2, 0x1B])
        #expect(OperatorText.firstRefused(inXML: Array("<a>&#9;&#10;&#x85;</a>".utf8))?.scalar == "\u{85}")
        #expect(OperatorText.firstRefused(inXML: Array("<a>\t&#13;</a>".utf8)) == nil)
    }

    static func plist(title: String, subtitle: String = "Sub") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0">
        <dict>
          <key>UIApplicationShortcutItems</key>
          <array>
            <dict>
              <key>UIApplicationShortcutItemType</key><string>compose</string>
              <key>UIApplicationShortcutItemTitle</key>
              <string>\(title)</string>
              <key>UIApplicationShortcutItemSubtitle</key><string>\(subtitle)</string>
            </dict>
          </array>
        </dict>
        </plist>
        """
    }

    @Test func anInfoPlistTitleOrSubtitleWithAControlCharacterIsRefused() throws {
        let title = try #require(throws: StaticShortcutConfigurationError.self) {
            try StaticShortcutConfiguration.parse(Array(Self.plist(title: "Compose&#x7F;").utf8), source: "Info.plist")
        }
        #expect(
            title.description
                == "Info.plist:9: item 0: UIApplicationShortcutItemTitle holds the control character U+007F, which no label, title or identifier may hold"
        )
        let subtitle = try #require(throws: StaticShortcutConfigurationError.self) {
            try StaticShortcutConfiguration.parse(Array(Self.plist(title: "Compose", subtitle: "\u{9B}2J").utf8), source: "Info.plist")
        }
        #expect(subtitle.itemIndex == 0 && subtitle.line == 10 && subtitle.reason.hasPrefix("UIApplicationShortcutItemSubtitle holds"))
        #expect(try StaticShortcutConfiguration.parse(Array(Self.plist(title: "Com\tpose").utf8), source: "Info.plist").staticItems.count == 1)
        // A control character in userInfo text, or from a build setting, is refused too.
        let settings = BuildSettings(["NAME": "x\u{7}"])
        let fromSetting = try #require(throws: StaticShortcutConfigurationError.self) {
            try StaticShortcutConfiguration.parse(Array(Self.plist(title: "$(NAME)").utf8), source: "Info.plist", buildSettings: settings)
        }
        #expect(fromSetting.reason.contains("U+0007") && fromSetting.line == nil)
    }

    @Test func aJSONItemsFileWithAControlCharacterIsRefusedWithItsLine() throws {
        let json = "{\"items\": [\n  {\"type\": \"compose\",\n   \"localizedTitle\": \"Compose\\u001b[2J\"}\n]}"
        let error = try #require(throws: StaticShortcutConfigurationError.self) {
            try StaticShortcutConfiguration.parse(Array(json.utf8), source: "items.json")
        }
        #expect(
            error.description == "items.json:3: has a string that holds the control character U+001B, which no label, title or identifier may hold")
    }

    @Test func aStringsFileEntryWithAControlCharacterRefusesTheCatalog() throws {
        let parsed = try #require(throws: StringsFileError.self) { try StringsFile.parse(Array("\"a\" = \"b\";\n\"Compose\" = \"X\\U001b\";".utf8)) }
        #expect(parsed.line == 2 && parsed.isRefusal)
        #expect(parsed.reason == "the entry for key \"Compose\" holds the control character U+001B, which no label, title or identifier may hold")
        let directory = try FixtureFiles.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/fr.lproj", withIntermediateDirectories: true)
        try Data("\"Compose\" = \"R\\a\";".utf8).write(to: URL(fileURLWithPath: directory + "/fr.lproj/InfoPlist.strings"))
        let error = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(
            error.description.hasPrefix(directory + "/fr.lproj/InfoPlist.strings:1: the entry for key \"Compose\" holds the control character U+0007")
        )
        // Tabs and line feeds are text, as before.
        #expect(try StringsFile.parse(Array("\"a\" = \"b\\tc\\nd\";".utf8)) == ["a": "b\tc\nd"])
    }

    @Test func aStringCatalogWithAControlCharacterIsRefusedNotSkipped() throws {
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "Compose": {"localizations": {"fr": {"stringUnit": {"state": "translated",
                "value": "R\\u00e9diger\\u0000"}}}}}}
            """
        let failure = try #require(throws: StringCatalog.Failure.self) { try StringCatalog.parse(Array(catalog.utf8)) }
        #expect(failure.line == 3 && failure.isRefusal && failure.reason.contains("U+0000"))
        let directory = try FixtureFiles.temporaryDirectory()
        try Data(catalog.utf8).write(to: URL(fileURLWithPath: directory + "/InfoPlist.xcstrings"))
        let error = try #require(throws: LocalizationCatalogError.self) { try LocalizationCatalog.load(directory: directory) }
        #expect(error.description.hasPrefix(directory + "/InfoPlist.xcstrings:3: has a string that holds the control character U+0000"))
    }

    @Test func aPlatformMappingWithAControlCharacterIsRefusedWithItsLine() throws {
        let mapping = "{\n\"web\": {\"items\": {\"SearchAction\": {\"url\": \"/s\\u001b\"}}}}"
        let error = try #require(throws: PlatformMappingError.self) { try PlatformMapping.parse(Array(mapping.utf8), source: "p.json") }
        #expect(error.description.hasPrefix("p.json: line 2: has a string that holds the control character U+001B"))
    }

    @Test func aByteOrderMarkIsReadInEveryOperatorFile() throws {
        let mark = ByteOrderMark.utf8
        #expect(
            try PlatformMapping.parse(mark + Array(#"{"android": {"items": {"SearchAction": {"id": "find"}}}}"#.utf8), source: "p")
                != PlatformMapping())
        let catalog = try StringCatalog.parse(mark + Array(#"{"sourceLanguage": "en", "strings": {"A": {}}}"#.utf8))
        #expect(catalog.tables["en"] == ["A": "A"])
        #expect(try StaticShortcutConfiguration.parse(mark + Array(Self.plist(title: "Compose").utf8), source: "Info.plist").staticItems.count == 1)
        #expect(
            try StaticShortcutConfiguration.parse(mark + Array(#"[{"type": "a", "localizedTitle": "A"}]"#.utf8), source: "i.json").staticItems.count
                == 1)
        #expect(try StringsFile.parse(mark + Array("\"a\" = \"b\";".utf8)) == ["a": "b"])
        #expect(try XMLReader.parse(mark + Array("<resources/>".utf8)).name.localName == "resources")
    }

    @Test func anEmptyConfigurationFileIsSaidToBeEmpty() {
        #expect(throws: StaticShortcutConfigurationError(kind: .malformed, path: "Info.plist", reason: "is empty", line: 1)) {
            try StaticShortcutConfiguration.parse([], source: "Info.plist")
        }
        #expect(throws: StaticShortcutConfigurationError(kind: .malformed, path: "Info.plist", reason: "is empty", line: 1)) {
            try StaticShortcutConfiguration.parse(ByteOrderMark.utf8 + Array(" \n".utf8), source: "Info.plist")
        }
    }
}
