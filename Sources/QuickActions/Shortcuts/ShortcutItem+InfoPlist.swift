extension ShortcutItem {
    /// The item as an entry of Info.plist's `UIApplicationShortcutItems`: the icon as
    /// `…IconType` (`UIApplicationShortcutIconType<Name>`), `…IconSymbolName` or `…IconFile`.
    /// `kind` and `visible` have no Info.plist form.
    public var infoPlistEntry: [String: PropertyListValue] {
        var entry: [String: PropertyListValue] = [
            ShortcutInfoPlistKey.type: .string(type),
            ShortcutInfoPlistKey.title: .string(localizedTitle),
        ]
        if let localizedSubtitle { entry[ShortcutInfoPlistKey.subtitle] = .string(localizedSubtitle) }
        switch icon {
        case .type(let iconType): entry[ShortcutInfoPlistKey.iconType] = .string(iconType.infoPlistName)
        case .systemImageName(let name): entry[ShortcutInfoPlistKey.iconSymbolName] = .string(name)
        case .templateImageName(let name): entry[ShortcutInfoPlistKey.iconFile] = .string(name)
        case nil: break
        }
        if let userInfo { entry[ShortcutInfoPlistKey.userInfo] = .dictionary(userInfo) }
        if let targetContentIdentifier { entry[ShortcutInfoPlistKey.targetContentIdentifier] = .string(targetContentIdentifier) }
        return entry
    }
}
