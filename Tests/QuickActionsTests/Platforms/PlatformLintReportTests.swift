import Foundation
import Testing

@testable import QuickActions

/// `lint --platform`: each platform's rules on the static items, findings marked with their
/// platform; an Android source's problems all listed.
@Suite struct PlatformLintReportTests {
    @Test func androidAndWebFindingsCarryTheirPlatformAndLanguage() throws {
        let plist = try FixtureFiles.path("Info.plist")
        let localizations = try FixtureFiles.path("Localizations")
        let all = ShortcutLintReport.lint(
            infoPlistPath: plist, localizationsDirectory: localizations, appName: nil, platforms: ShortcutPlatform.allCases)
        #expect(all.exitCode == 0)
        let lines = all.output.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("\(plist): [android] item 0 (SearchAction): android-short-label-too-long") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(plist) [pt-BR]: [android] item 1 (ShareAction): android-short-label-too-long") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(plist): [web] item 0 (SearchAction): web-no-96px-icon") }, "\(lines)")

        let android = ShortcutLintReport.lint(infoPlistPath: plist, localizationsDirectory: localizations, appName: nil, platforms: [.android])
        let androidLines = android.output.split(separator: "\n").dropLast()
        #expect(!androidLines.isEmpty && androidLines.allSatisfy { $0.contains("[android]") }, "only Android's rules: \(androidLines)")

        let iOS = ShortcutLintReport.lint(infoPlistPath: plist, localizationsDirectory: localizations, appName: nil)
        #expect(!iOS.output.contains("[android]") && !iOS.output.contains("[web]"), "without a mapping or --platform, iOS only")
    }

    @Test func theMappingFileNamesTheDefaultPlatforms() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        let mapping = directory + "/platforms.json"
        try #"{"web": {"scope": "/app/", "items": {"ShareAction": {"url": "/elsewhere"}}}}"#.write(toFile: mapping, atomically: true, encoding: .utf8)
        let result = ShortcutLintReport.lint(
            infoPlistPath: try FixtureFiles.path("Info.plist"), localizationsDirectory: nil, appName: nil, platformsPath: mapping)
        #expect(result.output.contains("[web] item 1 (ShareAction): web-url-out-of-scope"), "\(result.output)")
        #expect(!result.output.contains("[android]"), "the mapping names the web only")
    }

    @Test func everyProblemOfAnAndroidSourceIsListed() throws {
        let directory = try FixtureFiles.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/res/xml", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory + "/res/values", withIntermediateDirectories: true)
        try #"<resources><string name="a">A</string></resources>"#.write(
            toFile: directory + "/res/values/strings.xml", atomically: true, encoding: .utf8)
        let file = directory + "/res/xml/shortcuts.xml"
        try """
        <shortcuts xmlns:android="http://schemas.android.com/apk/res/android">
          <shortcut android:shortcutId="a" android:shortcutShortLabel="@string/nope"><intent android:action="x"/></shortcut>
          <shortcut android:shortcutId="b" android:shortcutShortLabel="@string/missing"><intent android:action="x"/></shortcut>
        </shortcuts>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = ShortcutLintReport.lint(infoPlistPath: file, localizationsDirectory: nil, appName: nil)
        #expect(result.exitCode == 1)
        #expect(
            result.output.contains(#"shortcuts.xml:2: shortcut "a""#) && result.output.contains(#"shortcuts.xml:3: shortcut "b""#), "\(result.output)"
        )
    }
}
