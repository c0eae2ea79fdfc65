/// The static quick actions an app declares, read from its Info.plist (XML or binary) or
/// from a JSON file of items in the API's shape.
public struct StaticShortcutConfiguration: Sendable, Equatable {
    /// The static items, in file order, each of kind `.static`.
    public var staticItems: [ShortcutItem]
    /// The app's name: `CFBundleDisplayName`, else `CFBundleName` (nil for JSON files, and when
    /// the value is only an unexpanded build setting such as `$(PRODUCT_NAME)`).
    public var appName: String?
    /// The language of the Info.plist's own text (`CFBundleDevelopmentRegion`, build settings
    /// expanded), if it says.
    public var developmentRegion: String?
    /// What the file says that iOS would read differently, for every language: build settings
    /// left unexpanded (`unexpanded-build-setting`), empty optional keys (`empty-value`).
    public var warnings: [ShortcutWarning]

    /// Creates a configuration.
    public init(staticItems: [ShortcutItem], appName: String? = nil, developmentRegion: String? = nil, warnings: [ShortcutWarning] = []) {
        self.staticItems = staticItems
        self.appName = appName
        self.developmentRegion = developmentRegion
        self.warnings = warnings
    }

    /// Reads the file at `path`: JSON when its first non-blank byte is `[` or `{`, otherwise
    /// an XML or binary property list, whose strings are expanded with `buildSettings`.
    public static func load(path: String, buildSettings: BuildSettings = BuildSettings()) throws(StaticShortcutConfigurationError)
        -> StaticShortcutConfiguration
    {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            throw StaticShortcutConfigurationError(kind: .unreadable, path: path, reason: error.reason)
        }
        return try parse(bytes, source: path, buildSettings: buildSettings)
    }

    /// Parses the bytes of a configuration file (a leading UTF-8 byte order mark skipped);
    /// `source` names it in error messages. An item's text holding a control character other
    /// than tab, line feed and carriage return (`OperatorText`) is refused, with its line when
    /// the file has lines (JSON, an XML property list).
    public static func parse(_ bytes: [UInt8], source: String, buildSettings: BuildSettings = BuildSettings())
        throws(StaticShortcutConfigurationError)
        -> StaticShortcutConfiguration
    {
        let body = ByteOrderMark.removed(from: bytes)
        guard let firstSignificant = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw StaticShortcutConfigurationError(kind: .malformed, path: source, reason: "is empty", line: 1)
        }
        if firstSignificant == UInt8(ascii: "[") || firstSignificant == UInt8(ascii: "{") {
            return try parseJSON(body, source: source)
        }
        return try parsePropertyList(body, source: source, buildSettings: buildSettings)
    }

    /// Refuses two items with the same type: the app could not tell them apart.
    static func checkUniqueTypes(_ items: [ShortcutItem], source: String) throws(StaticShortcutConfigurationError) {
        var firstIndex: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            if let earlier = firstIndex[item.type] {
                throw StaticShortcutConfigurationError(
                    kind: .duplicateType, path: source, itemIndex: index,
                    reason: "type \"\(item.type)\" is already used by item \(earlier); static types must be unique")
            }
            firstIndex[item.type] = index
        }
    }
}
