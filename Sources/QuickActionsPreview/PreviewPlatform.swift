/// Which device the picture shows: iOS's Home Screen menu or an Android launcher's shortcut popup.
public enum PreviewPlatform: String, Sendable, Hashable, CaseIterable {
    /// The Home Screen quick-action menu, with the system items iOS adds after the app's.
    case ios
    /// A launcher's popup of app shortcuts (`AndroidShortcutList`), after Launcher3 (AOSP's).
    case android
}
