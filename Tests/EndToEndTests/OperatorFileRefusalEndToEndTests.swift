import Foundation
import Glibc
import TestSupport
import Testing

/// The real binary with hostile or careless Android files under `--shortcuts`: a strings file
/// whose entities expand to nothing 10^15 times, control characters in a label, an empty
/// shortcuts file. Each stops start-up and `lint` promptly, naming the file and line, and a
/// reload keeps the settings in force.
@Suite struct OperatorFileRefusalEndToEndTests {
    static let shortcuts = """
        <shortcuts xmlns:android="http://schemas.android.com/apk/res/android">
          <shortcut android:shortcutId="compose" android:shortcutShortLabel="@string/compose_short">
            <intent android:action="android.intent.action.VIEW"/>
          </shortcut>
        </shortcuts>
        """

    /// The 970-byte strings file kept with the fuzz inputs.
    static var emptyEntityExpansion: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fuzz/regressions/AndroidXML/empty-entity-expansion.xml").path
    }

    /// A `res/` folder with `shortcuts` and `strings` in `directory`; the shortcuts file's path.
    static func app(in directory: TemporaryDirectory, shortcuts: String = shortcuts, strings: String) throws -> String {
        let res = directory.path("res")
        for folder in ["xml", "values"] { try FileManager.default.createDirectory(atPath: res + "/" + folder, withIntermediateDirectories: true) }
        try strings.write(toFile: res + "/values/strings.xml", atomically: true, encoding: .utf8)
        try shortcuts.write(toFile: res + "/xml/shortcuts.xml", atomically: true, encoding: .utf8)
        return res + "/xml/shortcuts.xml"
    }

    @Test("Strings whose entities expand to nothing 10^15 times stop start-up and lint within seconds, naming the file and line")
    func emptyEntityExpansionIsRefusedPromptly() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.app(in: directory, strings: try String(contentsOfFile: Self.emptyEntityExpansion, encoding: .utf8))
        let expected = "res/values/strings.xml:21: resolves more than 65536 entity references"

        var started = ContinuousClock.now
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--shortcuts", path], timeout: 20)
        let startUp = ContinuousClock.now - started
        #expect(!run.listened)
        #expect(run.exit == .exited(1), "\(run.exit)")
        #expect(run.standardError.contains(expected), "\(run.standardError)")
        #expect(startUp < .seconds(5), "\(startUp)")

        started = ContinuousClock.now
        let lint = try RealInfoPlistEndToEndTests.runLint([path])
        let linted = ContinuousClock.now - started
        #expect(lint.status == 1)
        #expect(lint.output.contains(expected), "\(lint.output)")
        #expect(linted < .seconds(5), "\(linted)")
    }

    @Test("A control character in a label stops start-up and lint naming the file and line; a reload with one keeps the list in force")
    func controlCharactersAreRefused() throws {
        let directory = try TemporaryDirectory()
        let bad = "<resources>\n  <string name=\"compose_short\">Compose\\u001b]0;owned\\u0007</string>\n</resources>"
        let path = try Self.app(in: directory, strings: bad)
        let expected = #"res/values/strings.xml:2: string "compose_short": holds the control character U+001B"#
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--shortcuts", path])
        #expect(!run.listened && run.exit == .exited(1), "\(run.exit)")
        #expect(run.standardError.contains(expected), "\(run.standardError)")
        let lint = try RealInfoPlistEndToEndTests.runLint([path])
        #expect(lint.status == 1 && lint.output.contains(expected), "\(lint.output)")

        // Running with clean strings, a reload of the bad ones is refused and the list stays.
        let serving = try TemporaryDirectory()
        let servedPath = try Self.app(in: serving, strings: "<resources><string name=\"compose_short\">Compose\\tnow</string></resources>")
        let server = try ServerProcess(directory: serving, arguments: ["--no-seed", "--shortcuts", servedPath])
        defer { server.stop() }
        try bad.write(toFile: serving.path("res/values/strings.xml"), atomically: true, encoding: .utf8)
        let failed = try ReloadEndToEndTests.reload(server, expect: "reload failed: the configuration in force is kept")
        #expect(failed.contains("strings.xml:2"), "\(failed)")
        let plist = try server.request("GET", "/shortcuts", headers: [("Accept", "application/x-plist")])
        #expect(plist.status == 200)
        let titles = try Self.plistTitles(plist.body, in: serving)
        #expect(titles == ["Compose\tnow"], "\(titles)")
    }

    @Test("An empty shortcuts.xml is reported as empty, on line 1, by start-up and lint")
    func anEmptyShortcutsFileIsSaidToBeEmpty() throws {
        let directory = try TemporaryDirectory()
        let path = try Self.app(in: directory, shortcuts: "", strings: "<resources/>")
        let run = try ServerProcess.runToExit(directory: directory, arguments: ["--shortcuts", path])
        #expect(!run.listened && run.exit == .exited(1), "\(run.exit)")
        #expect(run.standardError.contains("res/xml/shortcuts.xml:1: is empty"), "\(run.standardError)")
        let lint = try RealInfoPlistEndToEndTests.runLint([path])
        #expect(lint.status == 1 && lint.output.contains("res/xml/shortcuts.xml:1: is empty"), "\(lint.output)")
    }

    @Test("A --platforms file with a UTF-8 byte order mark is read, as every other operator file")
    func aByteOrderMarkIsReadInThePlatformsFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("platforms.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"android": {"items": {"SearchAction": {"id": "find"}}}}"#.utf8)).write(to: URL(fileURLWithPath: path))
        let server = try ServerProcess(directory: directory, arguments: ["--no-seed", "--platforms", path])
        defer { server.stop() }
        let list = try PlatformsEndToEndTests.list(try server.request("GET", "/shortcuts?platform=android"))
        #expect(list.shortcuts.first?["id"] as? String == "find")
    }

    /// The item titles of an XML property list, as Python's `plistlib` reads it.
    static func plistTitles(_ body: [UInt8], in directory: TemporaryDirectory) throws -> [String] {
        let input = directory.path("list.plist")
        let output = directory.path("titles.json")
        try Data(body).write(to: URL(fileURLWithPath: input))
        guard FileManager.default.createFile(atPath: output, contents: nil) else { throw EndToEndError("cannot create \(output)") }
        let script =
            "import json, plistlib, sys; items = plistlib.load(open(sys.argv[1], 'rb'))['UIApplicationShortcutItems']; "
            + "print(json.dumps([i['UIApplicationShortcutItemTitle'] for i in items]))"
        let exit = try ChildProcess.run("/usr/bin/python3", ["-c", script, input], output: .file(output), error: .output, seconds: 10)
        let text = try String(contentsOfFile: output, encoding: .utf8)
        guard exit == .exited(0) else { throw EndToEndError("plistlib could not read the list: \(text)") }
        return try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}
