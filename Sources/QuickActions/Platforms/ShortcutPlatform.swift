/// A platform whose quick actions the service describes: the same items, in each platform's
/// own form and under its own rules.
public enum ShortcutPlatform: String, Sendable, Hashable, CaseIterable {
    /// Home Screen quick actions (`UIApplicationShortcutItem`).
    case ios
    /// Android app shortcuts (`ShortcutInfo`, `res/xml/shortcuts.xml`).
    case android
    /// The Web App Manifest's `shortcuts` member.
    case web
}
