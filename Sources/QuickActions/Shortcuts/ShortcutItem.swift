/// One Home Screen quick action, with the fields of `UIApplicationShortcutItem`.
public struct ShortcutItem: Sendable, Equatable, Hashable {
    /// Whether the item comes from Info.plist or is set at run time.
    public enum Kind: String, Sendable, Hashable {
        case `static`
        case dynamic
    }

    /// The app-defined action type, e.g. `SearchAction`.
    public var type: String
    /// The title shown on the Home Screen.
    public var localizedTitle: String
    /// The optional second line.
    public var localizedSubtitle: String?
    /// The optional icon.
    public var icon: ShortcutIcon?
    /// App data handed back when the action is picked.
    public var userInfo: [String: PropertyListValue]?
    /// Which scene should receive the action (`targetContentIdentifier`).
    public var targetContentIdentifier: String?
    /// Static (Info.plist) or dynamic (set at run time).
    public var kind: Kind
    /// Whether the Home Screen shows it (the first four enabled items, static first).
    public var visible: Bool
    /// Its position among the dynamic items (0-based, Android's `rank`) in a ranked list; nil
    /// for static items and in lists that carry no rank. Absent from the JSON when nil.
    public var rank: Int?
    /// Whether the item can be used; a disabled item is kept in the list but never shown
    /// (Android's `android:enabled="false"`, or a favorite removed while pinned).
    public var enabled: Bool
    /// What to say when someone picks a disabled item (for a static item, a key of the
    /// translation tables, like the title).
    public var disabledMessage: String?
    /// What an Android `shortcuts.xml` said of the item that iOS has no field for; nil for
    /// items from other sources. Never part of the iOS JSON or property list.
    public var android: AndroidShortcutDetails? {
        get { androidBox?.details }
        set { androidBox = newValue.map(AndroidShortcutDetailsBox.init) }
    }
    private var androidBox: AndroidShortcutDetailsBox?

    /// Creates an item.
    public init(
        type: String, localizedTitle: String, localizedSubtitle: String? = nil, icon: ShortcutIcon? = nil,
        userInfo: [String: PropertyListValue]? = nil, targetContentIdentifier: String? = nil, kind: Kind, visible: Bool = true,
        enabled: Bool = true, disabledMessage: String? = nil, android: AndroidShortcutDetails? = nil, rank: Int? = nil
    ) {
        self.type = type
        self.localizedTitle = localizedTitle
        self.localizedSubtitle = localizedSubtitle
        self.icon = icon
        self.userInfo = userInfo
        self.targetContentIdentifier = targetContentIdentifier
        self.kind = kind
        self.visible = visible
        self.enabled = enabled
        self.disabledMessage = disabledMessage
        androidBox = android.map(AndroidShortcutDetailsBox.init)
        self.rank = rank
    }

    /// The JSON form, field names as in `UIApplicationShortcutItem`; absent optionals are omitted.
    /// A disabled item also has `"enabled": false` and its `disabledMessage`; an enabled one has
    /// neither (its bytes are those of an item without them).
    public var json: JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(type),
            "localizedTitle": .string(localizedTitle),
            "kind": .string(kind.rawValue),
            "visible": .bool(visible),
        ]
        if let localizedSubtitle { object["localizedSubtitle"] = .string(localizedSubtitle) }
        if let icon { object["icon"] = icon.json }
        if let userInfo { object["userInfo"] = .object(userInfo.mapValues(\.json)) }
        if let targetContentIdentifier { object["targetContentIdentifier"] = .string(targetContentIdentifier) }
        if !enabled {
            object["enabled"] = .bool(false)
            if let disabledMessage { object["disabledMessage"] = .string(disabledMessage) }
        }
        if let rank { object["rank"] = .integer(Int64(rank)) }
        return .object(object)
    }
}

extension ShortcutItem {
    /// Appends `JSONWriter.bytes(json)` to `output`, written directly: members in the order
    /// JSONWriter sorts them, without building the `JSONValue` dictionary first (a list of many
    /// accounts renders a list per cache miss, and the dictionary was most of the cost).
    public func writeJSON(to output: inout [UInt8]) {
        writeJSON(to: &output, rank: rank)
    }

    /// Appends the JSON with `rank` in place of the item's own, and returns the offset in
    /// `output` where the `rank` member starts (or would start, when `rank` is nil): after
    /// `localizedTitle`, before `targetContentIdentifier` and `type`, in sorted key order.
    @discardableResult
    func writeJSON(to output: inout [UInt8], rank: Int?) -> Int {
        output.append(UInt8(ascii: "{"))
        if !enabled {
            if let disabledMessage {
                output.append(contentsOf: #""disabledMessage":"#.utf8)
                JSONWriter.writeString(disabledMessage, to: &output)
                output.append(UInt8(ascii: ","))
            }
            output.append(contentsOf: #""enabled":false,"#.utf8)
        }
        if let icon {
            // `icon.json` is one member: written directly, as JSONWriter would write it.
            let (key, value): (String, String)
            switch icon {
            case .type(let type): (key, value) = ("type", type.rawValue)
            case .systemImageName(let name): (key, value) = ("systemImageName", name)
            case .templateImageName(let name): (key, value) = ("templateImageName", name)
            }
            output.append(contentsOf: #""icon":{"#.utf8)
            JSONWriter.writeString(key, to: &output)
            output.append(UInt8(ascii: ":"))
            JSONWriter.writeString(value, to: &output)
            output.append(contentsOf: "},".utf8)
        }
        output.append(contentsOf: #""kind":"#.utf8)
        JSONWriter.writeString(kind.rawValue, to: &output)
        if let localizedSubtitle {
            output.append(contentsOf: #","localizedSubtitle":"#.utf8)
            JSONWriter.writeString(localizedSubtitle, to: &output)
        }
        output.append(contentsOf: #","localizedTitle":"#.utf8)
        JSONWriter.writeString(localizedTitle, to: &output)
        let rankOffset = output.count
        if let rank { Self.writeRank(rank, to: &output) }
        if let targetContentIdentifier {
            output.append(contentsOf: #","targetContentIdentifier":"#.utf8)
            JSONWriter.writeString(targetContentIdentifier, to: &output)
        }
        output.append(contentsOf: #","type":"#.utf8)
        JSONWriter.writeString(type, to: &output)
        if let userInfo {
            output.append(contentsOf: #","userInfo":"#.utf8)
            PropertyListValue.writeJSON(userInfo, to: &output)
        }
        output.append(contentsOf: visible ? #","visible":true}"#.utf8 : #","visible":false}"#.utf8)
        return rankOffset
    }

    /// Appends the `rank` member with its leading comma.
    static func writeRank(_ rank: Int, to output: inout [UInt8]) {
        output.append(contentsOf: #","rank":"#.utf8)
        output.append(contentsOf: String(rank).utf8)
    }
}
