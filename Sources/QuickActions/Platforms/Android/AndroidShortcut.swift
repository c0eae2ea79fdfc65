/// One Android app shortcut as the JSON list gives it to an Android app: the fields of
/// `ShortcutInfoCompat`, its labels in one language, ready for `ShortcutManagerCompat`.
public struct AndroidShortcut: Sendable, Hashable {
    /// The iOS item type it comes from (not part of the JSON).
    public var type: String
    /// `setId`: unique and stable (a favorite's does not change when the contact is renamed).
    public var id: String
    /// `setShortLabel`.
    public var shortLabel: String
    /// `setLongLabel`, if any.
    public var longLabel: String?
    /// `setDisabledMessage`, if any.
    public var disabledMessage: String?
    /// `setRank`: the position among the shortcuts of the same kind.
    public var rank: Int
    /// Whether it can be used (`disableShortcuts` otherwise).
    public var enabled: Bool
    /// Whether a launcher shows it: the first `maxVisible` enabled shortcuts, static first.
    public var visible: Bool
    /// A drawable resource name, if any.
    public var icon: String?
    /// `setIntent`: the intent the user sees (the last of a back stack).
    public var intent: AndroidIntent
    /// The intents before it, when the source gave a back stack (`setIntents`).
    public var backStack: [AndroidIntent]
    /// `setCategories`.
    public var categories: [String]
    /// Static (the app's `shortcuts.xml`) or dynamic (pushed at run time).
    public var kind: ShortcutItem.Kind

    /// Creates a shortcut.
    public init(
        type: String, id: String, shortLabel: String, longLabel: String? = nil, disabledMessage: String? = nil, rank: Int, enabled: Bool = true,
        visible: Bool = true, icon: String? = nil, intent: AndroidIntent, backStack: [AndroidIntent] = [], categories: [String] = [],
        kind: ShortcutItem.Kind
    ) {
        self.type = type
        self.id = id
        self.shortLabel = shortLabel
        self.longLabel = longLabel
        self.disabledMessage = disabledMessage
        self.rank = rank
        self.enabled = enabled
        self.visible = visible
        self.icon = icon
        self.intent = intent
        self.backStack = backStack
        self.categories = categories
        self.kind = kind
    }

    /// Appends the JSON object, members in sorted order as `JSONWriter` writes them:
    /// `backStack` (when not empty), `categories`, `disabledMessage`?, `enabled`, `icon`?, `id`,
    /// `intent`, `kind`, `longLabel`?, `rank`, `shortLabel`, `visible`.
    public func writeJSON(to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        if !backStack.isEmpty {
            output.append(contentsOf: #""backStack":["#.utf8)
            for (offset, intent) in backStack.enumerated() {
                if offset > 0 { output.append(UInt8(ascii: ",")) }
                Self.writeJSON(intent, to: &output)
            }
            output.append(contentsOf: "],".utf8)
        }
        output.append(contentsOf: #""categories":["#.utf8)
        for (offset, category) in categories.enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(category, to: &output)
        }
        output.append(UInt8(ascii: "]"))
        if let disabledMessage {
            output.append(contentsOf: #","disabledMessage":"#.utf8)
            JSONWriter.writeString(disabledMessage, to: &output)
        }
        output.append(contentsOf: (enabled ? #","enabled":true"# : #","enabled":false"#).utf8)
        if let icon {
            output.append(contentsOf: #","icon":"#.utf8)
            JSONWriter.writeString(icon, to: &output)
        }
        output.append(contentsOf: #","id":"#.utf8)
        JSONWriter.writeString(id, to: &output)
        output.append(contentsOf: #","intent":"#.utf8)
        Self.writeJSON(intent, to: &output)
        output.append(contentsOf: #","kind":"#.utf8)
        JSONWriter.writeString(kind.rawValue, to: &output)
        if let longLabel {
            output.append(contentsOf: #","longLabel":"#.utf8)
            JSONWriter.writeString(longLabel, to: &output)
        }
        output.append(contentsOf: #","rank":"#.utf8)
        output.append(contentsOf: String(rank).utf8)
        output.append(contentsOf: #","shortLabel":"#.utf8)
        JSONWriter.writeString(shortLabel, to: &output)
        output.append(contentsOf: (visible ? #","visible":true}"# : #","visible":false}"#).utf8)
    }

    /// `{"action", "data"?, "extras", "mimeType"?, "targetClass"?, "targetPackage"?}`; extras by
    /// name (sorted; a later extra of the same name wins), each `{"type", "value"}`.
    static func writeJSON(_ intent: AndroidIntent, to output: inout [UInt8]) {
        output.append(contentsOf: #"{"action":"#.utf8)
        JSONWriter.writeString(intent.action ?? AndroidShortcutList.defaultAction, to: &output)
        if let data = intent.data {
            output.append(contentsOf: #","data":"#.utf8)
            JSONWriter.writeString(data, to: &output)
        }
        output.append(contentsOf: #","extras":{"#.utf8)
        var byName: [String: AndroidExtraValue] = [:]
        for extra in intent.extras { byName[extra.name] = extra.value }
        for (offset, name) in byName.keys.sorted().enumerated() {
            if offset > 0 { output.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(name, to: &output)
            output.append(UInt8(ascii: ":"))
            byName[name]?.writeJSON(to: &output)
        }
        output.append(UInt8(ascii: "}"))
        for (key, value) in [("mimeType", intent.mimeType), ("targetClass", intent.targetClass), ("targetPackage", intent.targetPackage)] {
            guard let value else { continue }
            output.append(contentsOf: ",\"\(key)\":".utf8)
            JSONWriter.writeString(value, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}
