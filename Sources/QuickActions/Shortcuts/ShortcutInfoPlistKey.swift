/// The Info.plist keys of Home Screen quick actions, shared by the reader and the writer.
enum ShortcutInfoPlistKey {
    static let items = "UIApplicationShortcutItems"
    static let type = "UIApplicationShortcutItemType"
    static let title = "UIApplicationShortcutItemTitle"
    static let subtitle = "UIApplicationShortcutItemSubtitle"
    static let iconType = "UIApplicationShortcutItemIconType"
    static let iconFile = "UIApplicationShortcutItemIconFile"
    static let iconSymbolName = "UIApplicationShortcutItemIconSymbolName"
    static let userInfo = "UIApplicationShortcutItemUserInfo"
    /// Not in Apple's published key list, but SpringBoardServices reads it from each
    /// Info.plist item (`_staticApplicationShortcutItemsFromInfoPlistEntry:`) and sets the
    /// item's `targetContentIdentifier`, so we read and write it too.
    static let targetContentIdentifier = "UIApplicationShortcutItemTargetContentIdentifier"

    static let bundleDisplayName = "CFBundleDisplayName"
    static let bundleName = "CFBundleName"
    static let developmentRegion = "CFBundleDevelopmentRegion"

    /// What an item looks like without the optional `key`, for the `empty-value` warning.
    static func emptyMeaning(_ key: String) -> String {
        switch key {
        case subtitle: "no subtitle"
        case iconType, iconFile, iconSymbolName: "the next icon key in iOS's order (symbol name, file, type), or no icon"
        default: "as if the key were not there"
        }
    }
}
