import Testing

@testable import QuickActions

/// A source Info.plist, as it sits in a repository, read as the built app's would be.
@Suite struct StaticShortcutConfigurationInfoPlistTests {
    @Test func buildSettingsAreExpandedInEveryString() throws {
        let configuration = try SourceAppFixture.configuration()
        let items = configuration.staticItems
        #expect(items.map(\.type) == ["org.example.Chirp.NewPost", "org.example.Chirp.Favourites", "org.example.Chirp.PrivateTab"])
        #expect(items[0].userInfo == ["TabIndex": .integer(2), "source": .string("org.example.chirp.shortcut"), "scheme": .string("chirp-social")])
        #expect(items[2].localizedTitle == "UIApplicationShortcutItemTitle.PrivateTab", "a title can be a setting too")
        #expect(items[2].icon == .templateImageName("chirp_private"))
        #expect(configuration.developmentRegion == "en", "$(DEVELOPMENT_LANGUAGE) is en unless set")
        #expect(configuration.appName == "Chirp Social", "CFBundleDisplayName $(PRODUCT_NAME), expanded: the app-name check runs")
        #expect(configuration.warnings.map(\.rule) == ["empty-value"])
    }

    @Test func anEmptyOptionalKeyIsAbsentWithAWarning() throws {
        let configuration = try SourceAppFixture.configuration()
        #expect(configuration.staticItems[1].icon == .type(.favorite), "the empty icon file gives way to the icon type, as on iOS")
        let warning = try #require(configuration.warnings.first { $0.rule == "empty-value" })
        #expect(warning.index == 1)
        #expect(warning.type == "org.example.Chirp.Favourites")
        #expect(warning.message.hasPrefix("UIApplicationShortcutItemIconFile is empty; iOS reads it as absent"))
    }

    @Test func unexpandedSettingsAreWarningsNamingTheVariableAndTheFlag() throws {
        let configuration = try SourceAppFixture.configuration(BuildSettings())
        #expect(configuration.staticItems[0].type == "$(PRODUCT_BUNDLE_IDENTIFIER).NewPost", "left as written")
        #expect(configuration.appName == nil)
        let unexpanded = configuration.warnings.filter { $0.rule == "unexpanded-build-setting" }
        #expect(
            unexpanded.map { "\($0.index.map(String.init) ?? "-") \($0.message.prefix(while: { $0 != "\"" }))" } == [
                "- CFBundleDisplayName ", "- CFBundleName ", "0 UIApplicationShortcutItemType ", "0 UIApplicationShortcutItemUserInfo.scheme ",
                "0 UIApplicationShortcutItemUserInfo.source ", "1 UIApplicationShortcutItemType ", "2 UIApplicationShortcutItemIconFile ",
                "2 UIApplicationShortcutItemTitle ", "2 UIApplicationShortcutItemType ",
            ])
        let type = try #require(unexpanded.first { $0.index == 0 && $0.message.hasPrefix("UIApplicationShortcutItemType") })
        #expect(type.type == "$(PRODUCT_BUNDLE_IDENTIFIER).NewPost")
        #expect(
            type.message == "UIApplicationShortcutItemType \"$(PRODUCT_BUNDLE_IDENTIFIER).NewPost\" uses the build setting "
                + "PRODUCT_BUNDLE_IDENTIFIER, which is not set: pass --build-setting PRODUCT_BUNDLE_IDENTIFIER=VALUE "
                + "(as in the Xcode target's build settings)")
        #expect(try SourceAppFixture.configuration(BuildSettings()) == configuration, "the same findings in the same order every time")
    }

    @Test(arguments: ["Info.plist", "Info-binary.plist"])
    func aBuiltInfoPlistNeedsNoSettings(name: String) throws {
        let configuration = try StaticShortcutConfiguration.load(path: try FixtureFiles.path(name))
        #expect(configuration.staticItems == StaticShortcutConfigurationTests.sampleItems)
        #expect(configuration.warnings.isEmpty, "CFBundleName is $(PRODUCT_NAME), but CFBundleDisplayName is used")
    }

    @Test func realFirefoxTypesExpandAndTheirLegacyRegionNamesRead() throws {
        let path = try FixtureFiles.path("RealApps/Firefox/Info.plist")
        let firefox = try StaticShortcutConfiguration.load(
            path: path, buildSettings: BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "org.mozilla.ios.Firefox", "MOZ_BUNDLE_DISPLAY_NAME": "Firefox"]))
        #expect(firefox.staticItems.map(\.type) == ["org.mozilla.ios.Firefox.NewTab", "org.mozilla.ios.Firefox.NewPrivateTab"])
        #expect(firefox.staticItems.map(\.localizedTitle) == ["New Tab", "New Private Tab"])
        #expect(firefox.appName == "Firefox")
        #expect(firefox.warnings.isEmpty, "CFBundleName is not read when the display name is usable")
        #expect(StaticShortcutConfiguration.languageTag(forDevelopmentRegion: "English") == "en")
        #expect(StaticShortcutConfiguration.languageTag(forDevelopmentRegion: "zh_Hans") == "zh-Hans")
    }

    @Test func anUnsupportedModifierIsNamedAsSuch() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>UIApplicationShortcutItems</key><array><dict>
            <key>UIApplicationShortcutItemType</key><string>$(PRODUCT_NAME:c99extidentifier).Compose</string>
            <key>UIApplicationShortcutItemTitle</key><string>Compose</string>
            </dict></array></dict></plist>
            """
        let configuration = try StaticShortcutConfiguration.parse(
            Array(plist.utf8), source: "inline", buildSettings: BuildSettings(["PRODUCT_NAME": "My App"]))
        #expect(configuration.staticItems.first?.type == "$(PRODUCT_NAME:c99extidentifier).Compose")
        #expect(
            configuration.warnings.map(\.message) == [
                "UIApplicationShortcutItemType \"$(PRODUCT_NAME:c99extidentifier).Compose\" uses the build setting PRODUCT_NAME, "
                    + "with a modifier that is not supported (only rfc1034identifier, lower, upper)"
            ])
    }
}
