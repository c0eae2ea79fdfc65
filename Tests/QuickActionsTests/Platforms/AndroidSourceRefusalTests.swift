import Foundation
import Testing

@testable import QuickActions

/// What an Android source may not carry or cost: control characters in its strings and
/// attributes, more than `AndroidStringResources.maximumTotalBytes` of values files; and how an
/// empty file or a default namespace is told.
@Suite struct AndroidSourceRefusalTests {
    static let android = AndroidSourceTests.android
    static let shortcuts = """
        <shortcuts \(android)>
          <shortcut android:shortcutId="compose" android:shortcutShortLabel="@string/compose"><intent android:action="A"/></shortcut>
        </shortcuts>
        """

    @Test(arguments: [
        (#"\u001b]0;owned\u0007"#, "U+001B"), (#"bell\u0007"#, "U+0007"), (#"nul\u0000"#, "U+0000"), ("del&#127;", "U+007F"),
        ("c1&#x9B;2J", "U+009B"), ("raw\u{85}next", "U+0085"),
    ])
    func aControlCharacterInAStringRefusesTheFileNamingItsLine(text: String, character: String) throws {
        for folder in ["values", "values-fr"] {
            let resources = try TemporaryResources([
                "xml/shortcuts.xml": Self.shortcuts,
                "values/strings.xml": "<resources>\n<string name=\"compose\">Compose</string>\n</resources>",
                "\(folder)/more.xml": "<resources>\n\n<string name=\"other\">\(text)</string>\n</resources>",
            ])
            let error = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath) }
            #expect(error.problems.count == 1)
            let problem = try #require(error.problems.first)
            #expect(problem.kind == .invalidValue && problem.line == 3 && problem.stringName == "other")
            #expect(problem.file.hasSuffix("\(folder)/more.xml"))
            #expect(problem.reason == "holds the control character \(character), which no label, title or identifier may hold")
        }
    }

    @Test func tabsAndLineFeedsStayAllowed() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": Self.shortcuts,
            "values/strings.xml": #"<resources><string name="compose">Com\tpose\nnow&#9;</string></resources>"#,
        ])
        let source = try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath)
        // `\t` and `\n` are kept; a tab written as such is white space, trimmed as aapt trims it.
        #expect(source.strings.text("compose", language: nil) == "Com\tpose\nnow")
    }

    @Test func aControlCharacterInAShortcutsAttributeIsRefused() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": """
            <shortcuts \(Self.android)>
              <shortcut android:shortcutId="compose" android:shortcutShortLabel="@string/compose">
                <intent android:action="A" android:data="x&#127;y"/>
                <intent android:action="A"><extra android:name="k" android:value="\\u001b[2J"/></intent>
              </shortcut>
            </shortcuts>
            """,
            "values/strings.xml": #"<resources><string name="compose">Compose</string></resources>"#,
        ])
        let error = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath) }
        #expect(error.problems.map(\.line) == [3, 4])
        #expect(error.problems.first?.reason == "android:data holds the control character U+007F, which no label, title or identifier may hold")
        #expect(error.problems.last?.reason.hasPrefix("the <extra> \"k\": android:value holds the control character U+001B") == true)
    }

    @Test func anEmptyShortcutsFileIsSaidToBeEmpty() throws {
        let resources = try TemporaryResources(["xml/shortcuts.xml": "", "values/strings.xml": "<resources/>"])
        #expect(AndroidShortcutSource.isShortcutsFile(path: resources.shortcutsPath))
        let error = try #require(throws: AndroidSourceError.self) { try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath) }
        #expect(error.description == "\(resources.shortcutsPath):1: is empty")
    }

    /// aapt compiles a root with a default namespace, and Android's parser reads elements by
    /// their local name: such a file is read as it is on a device.
    @Test func aDefaultNamespaceOnTheRootIsReadAsAndroidReadsIt() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": Self.shortcuts.replacingOccurrences(of: "<shortcuts ", with: "<shortcuts xmlns=\"urn:example:x\" "),
            "values/strings.xml": #"<resources><string name="compose">Compose</string></resources>"#,
        ])
        #expect(AndroidShortcutSource.isShortcutsFile(path: resources.shortcutsPath))
        let source = try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath)
        #expect(source.configuration.staticItems.map(\.type) == ["compose"])
        #expect(source.configuration.staticItems.first?.android?.intents.first?.action == "A")
        // Another root is still named as it is written.
        let other = try #require(throws: AndroidSourceError.self) {
            try AndroidShortcutsFile.parse(Array("<x:menu xmlns:x=\"urn:x\"/>".utf8), file: "f.xml")
        }
        #expect(other.description == "f.xml:1: has <x:menu> at its root, not <shortcuts>")
    }

    @Test func aByteOrderMarkIsReadInEveryAndroidFile() throws {
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": "\u{FEFF}" + Self.shortcuts,
            "values/strings.xml": "\u{FEFF}" + #"<resources><string name="compose">Compose</string></resources>"#,
        ])
        #expect(AndroidShortcutSource.isShortcutsFile(path: resources.shortcutsPath))
        #expect(try AndroidShortcutSource.load(shortcutsPath: resources.shortcutsPath).strings.text("compose", language: nil) == "Compose")
    }

    @Test func valuesFoldersPastTheTotalCapAreRefusedNamingTheFolder() throws {
        #expect(AndroidStringResources.maximumTotalBytes == 32 << 20)
        let resources = try TemporaryResources([
            "xml/shortcuts.xml": Self.shortcuts, "values/strings.xml": #"<resources><string name="compose">Compose</string></resources>"#,
        ])
        // Five folders of 1,000 bytes under a cap of 4,500: the fifth passes it.
        let filler = "<resources><!--" + String(repeating: "a", count: 1000 - 30) + "--></resources>"
        for language in ["de", "es", "fr", "it", "nl"] {
            let folder = resources.root + "/values-\(language)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(filler.utf8).write(to: URL(fileURLWithPath: folder + "/filler.xml"))
        }
        let error = try #require(throws: AndroidSourceError.self) { try AndroidStringResources.load(resDirectory: resources.root, totalLimit: 4_500) }
        #expect(error.problems.count == 1)
        #expect(error.problems.first?.file == resources.root + "/values-nl")
        #expect(
            error.problems.first?.reason
                == "brings the values*/ files read under \(resources.root) past 4500 bytes, the most they may hold together")
        try FileManager.default.removeItem(atPath: resources.root + "/values-nl")
        let read = try AndroidStringResources.load(resDirectory: resources.root, totalLimit: 4_500)
        #expect(read.text("compose", language: nil) == "Compose")
    }
}
