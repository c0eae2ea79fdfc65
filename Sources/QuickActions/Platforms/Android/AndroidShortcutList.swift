/// The quick actions as Android app shortcuts (`GET /shortcuts?platform=android`): each item of
/// the list, in its order, as an `AndroidShortcut` in one language.
///
/// Defaults for what neither the item nor the mapping says:
/// - `id`: the mapping's template; else the id an Android source gave; else the type for a
///   static item, `favorite-<contactId>` for a favorite (stable across renames),
///   `scheduled-<scheduledItemId>` for a scheduled item, the type for another dynamic item.
/// - `shortLabel` and `longLabel`: the mapping's labels; else the Android source's; else the
///   (localized) title for both. The subtitle has no Android field.
/// - `icon`: the mapping's; else the Android source's; else `qa_icon_<type>` for a system icon
///   type (`AndroidResourceExport.iconName(for:)`); none for SF Symbols and template images.
/// - intent: the mapping's action, data and targets; else the Android source's last intent; else
///   `android.intent.action.VIEW` with the mapping file's package and activity. Extras: the
///   source's; else `userInfo`, typed (`AndroidExtraValue.init(userInfo:)`); the mapping's on top.
/// - `categories`: the mapping's, else the source's, else none. `enabled` is the item's.
/// - `visible`: the first `maxVisible` enabled shortcuts, static first (launchers show four).
public enum AndroidShortcutList {
    /// How many shortcuts a launcher shows by default.
    public static let defaultMaxVisible = 4
    /// The action of an intent that says none.
    public static let defaultAction = "android.intent.action.VIEW"
    /// Gradle's placeholder for the app's package, which `shortcuts.xml` files hold literally.
    static let applicationIDPlaceholder = "${applicationId}"

    /// The shortcuts for `items` (localized in one language already, static first), with
    /// `table` the translation table of that language (for `@string/` labels and the labels of
    /// an Android source), and the findings about mapping templates that could not be filled
    /// for an item (the default is used then; platform `android`, rule `android-template-key-missing`).
    public static func render(_ items: [ShortcutItem], mapping: AndroidMapping?, table: [String: String]?, maxVisible: Int = defaultMaxVisible)
        -> (shortcuts: [AndroidShortcut], warnings: [ShortcutWarning])
    {
        var shortcuts: [AndroidShortcut] = []
        shortcuts.reserveCapacity(items.count)
        var warnings: [ShortcutWarning] = []
        var ranks: [ShortcutItem.Kind: Int] = [:]
        var shown = 0
        for (index, item) in items.enumerated() {
            let rank = ranks[item.kind, default: 0]
            ranks[item.kind] = rank + 1
            var shortcut = shortcut(for: item, mapping: mapping, table: table, rank: rank) { field, reason in
                warnings.append(
                    ShortcutWarning(
                        index: index, type: item.type, rule: "android-template-key-missing",
                        message: "the mapping's \(field) for \(item.type) cannot be filled (\(reason)); the default \(field) is used",
                        platform: .android))
            }
            shortcut.visible = shortcut.enabled && shown < maxVisible
            if shortcut.visible { shown += 1 }
            shortcuts.append(shortcut)
        }
        return (shortcuts, warnings)
    }

    /// Appends the shortcuts as a JSON array.
    public static func writeJSON(_ shortcuts: [AndroidShortcut], to output: inout [UInt8]) {
        output.append(UInt8(ascii: "["))
        for (offset, shortcut) in shortcuts.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            shortcut.writeJSON(to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// One item as a shortcut; `unfilled(field, reason)` is called for a template that cannot
    /// be filled.
    static func shortcut(
        for item: ShortcutItem, mapping: AndroidMapping?, table: [String: String]?, rank: Int, unfilled: (String, String) -> Void
    ) -> AndroidShortcut {
        let itemMapping = mapping?.items[item.type]
        let details = item.android
        func label(_ mapped: String?, _ reference: AndroidResourceReference?) -> String? {
            if let mapped, let text = PlatformLabel.text(mapped, table: table) { return text }
            if let reference { return table?[reference.name] }
            return nil
        }
        var id = defaultID(for: item)
        if let template = itemMapping?.id {
            switch template.expand(item.userInfo, encoding: .verbatim) {
            case .success(let text): id = text
            case .failure(let error): unfilled("id", error.reason)
            }
        }
        let shortLabel = label(itemMapping?.shortLabel, details?.shortLabel) ?? item.localizedTitle
        let longLabel = label(itemMapping?.longLabel, details?.longLabel) ?? (details == nil ? item.localizedTitle : nil)
        let disabledMessage =
            itemMapping?.disabledMessage.flatMap { PlatformLabel.text($0, table: table) } ?? item.disabledMessage
            ?? details?.disabledMessage.flatMap { table?[$0.name] }
        let icon = itemMapping?.icon ?? details?.icon?.name ?? iconName(for: item.icon)

        var intent = details?.intents.last ?? AndroidIntent(action: nil)
        if details == nil {
            intent.extras = (item.userInfo ?? [:]).sorted { $0.key < $1.key }.map {
                AndroidExtra(name: $0.key, value: AndroidExtraValue(userInfo: $0.value))
            }
        }
        apply(itemMapping, file: mapping, to: &intent, userInfo: item.userInfo) { reason in unfilled("data", reason) }
        return AndroidShortcut(
            type: item.type, id: id, shortLabel: shortLabel, longLabel: longLabel, disabledMessage: disabledMessage, rank: rank,
            enabled: item.enabled,
            icon: icon, intent: intent, backStack: Array(details?.intents.dropLast() ?? []),
            categories: itemMapping?.categories ?? details?.categories ?? [],
            kind: item.kind)
    }

    /// The mapping's intent fields over `intent`: action, data, MIME type, the targets (the
    /// item's, else the source's, else the file's), and extras.
    static func apply(
        _ itemMapping: AndroidItemMapping?, file mapping: AndroidMapping?, to intent: inout AndroidIntent, userInfo: [String: PropertyListValue]?,
        unfilled: (String) -> Void
    ) {
        intent.action = itemMapping?.action ?? intent.action ?? defaultAction
        if let template = itemMapping?.data {
            switch template.expand(userInfo, encoding: .percentEncoded) {
            case .success(let data): intent.data = data
            case .failure(let error): unfilled(error.reason)
            }
        }
        intent.mimeType = itemMapping?.mimeType ?? intent.mimeType
        let package = mapping?.package
        intent.targetPackage =
            itemMapping?.targetPackage ?? intent.targetPackage.map { $0 == applicationIDPlaceholder ? package ?? $0 : $0 } ?? package
        intent.targetClass = itemMapping?.targetClass ?? intent.targetClass ?? mapping?.activity
        for extra in itemMapping?.extras ?? [] {
            intent.extras.removeAll { $0.name == extra.name }
            intent.extras.append(extra)
        }
    }

    /// The default id of `item` (see the type's documentation).
    static func defaultID(for item: ShortcutItem) -> String {
        if let details = item.android { return details.id }
        if item.kind == .dynamic, item.type == ShortcutItemBuilder.favoriteActionType,
            let contact = item.userInfo?["contactId"].flatMap(PlatformTemplate.text(of:))
        {
            return "favorite-\(contact)"
        }
        // Two scheduled items may share a type: each has an id of its own.
        if item.kind == .dynamic, let scheduled = item.userInfo?[ScheduledItem.idKey].flatMap(PlatformTemplate.text(of:)) {
            return "scheduled-\(scheduled)"
        }
        return item.type
    }

    /// `qa_icon_<type>` for a system icon type; nil otherwise.
    static func iconName(for icon: ShortcutIcon?) -> String? {
        guard case .type(let type)? = icon else { return nil }
        return AndroidResourceExport.iconName(for: type)
    }
}
