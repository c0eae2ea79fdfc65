@testable import QuickActions

/// The `SourceApp` fixture: a source Info.plist shaped like a real app's (build-setting
/// types, `$(DEVELOPMENT_LANGUAGE)`, keys for titles, an empty icon file) and its tables.
enum SourceAppFixture {
    /// What the app's Xcode target would set.
    static let buildSettings = BuildSettings([
        "PRODUCT_BUNDLE_IDENTIFIER": "org.example.Chirp", "PRODUCT_NAME": "Chirp Social",
        "SHORTCUT_PRIVATE_TAB_TITLE": "UIApplicationShortcutItemTitle.PrivateTab", "ICON_PREFIX": "chirp_",
    ])

    /// `SourceApp/Info.plist` read with `settings`.
    static func configuration(_ settings: BuildSettings = buildSettings) throws -> StaticShortcutConfiguration {
        try StaticShortcutConfiguration.load(path: try FixtureFiles.path("SourceApp/Info.plist"), buildSettings: settings)
    }
}
