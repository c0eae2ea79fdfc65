import QuickActions
import Testing

/// `CFBundleDevelopmentRegion`: the language of the Info.plist text itself.
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
        let configuration = try StaticShortcutConfiguration.parse(Array(plist.utf8), source: "inline")
        #expect(configuration.developmentRegion == "de-DE")
        let unexpanded = plist.replacingOccurrences(of: "de_DE", with: "$(DEVELOPMENT_LANGUAGE)")
        // DEVELOPMENT_LANGUAGE is `en` unless a build setting says otherwise, as in Xcode.
        #expect(try StaticShortcutConfiguration.parse(Array(unexpanded.utf8), source: "inline").developmentRegion == "en")
        let french = BuildSettings(["DEVELOPMENT_LANGUAGE": "fr"])
        #expect(try StaticShortcutConfiguration.parse(Array(unexpanded.utf8), source: "inline", buildSettings: french).developmentRegion == "fr")
    }
}
