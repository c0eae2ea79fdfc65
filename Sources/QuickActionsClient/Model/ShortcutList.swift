import QuickActions

/// A shortcut list as `GET /shortcuts` answers it: the domain's items and warnings, and the
/// list's `version` (also its strong ETag).
public struct ShortcutList: Sendable, Equatable {
    /// Every item, static first, hidden ones included (`visible == false`).
    public var items: [ShortcutItem]
    /// The list's version: changes whenever the items or warnings do.
    public var version: String
    /// What the service found wrong with the items (Human Interface Guidelines checks).
    public var warnings: [ShortcutWarning]

    /// Creates a list.
    public init(items: [ShortcutItem], version: String, warnings: [ShortcutWarning]) {
        self.items = items
        self.version = version
        self.warnings = warnings
    }

    /// The items iOS shows, in order: static first (from Info.plist), then dynamic.
    public var visibleItems: [ShortcutItem] {
        items.filter(\.visible)
    }

    /// The dynamic items an app sets on `UIApplication.shortcutItems` (iOS adds the static
    /// ones from Info.plist itself, and would show them twice if they were set too).
    public var dynamicItems: [ShortcutItem] {
        items.filter { $0.kind == .dynamic && $0.visible }
    }

    /// The list in the JSON body of `GET /shortcuts` or a `shortcuts` event.
    public init(json bytes: [UInt8]) throws(QuickActionsClientError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .malformedResponse("the shortcut list is not JSON (\(error))")
        }
        guard case .object(let object) = root, case .array(let items)? = object["items"], let version = object["version"]?.stringValue else {
            throw .malformedResponse("the shortcut list has no items array or no version")
        }
        var decoded: [ShortcutItem] = []
        for (index, item) in items.enumerated() {
            guard let value = ShortcutItem(clientJSON: item) else { throw .malformedResponse("item \(index) is not a shortcut item") }
            decoded.append(value)
        }
        var warnings: [ShortcutWarning] = []
        if case .array(let entries)? = object["warnings"] {
            warnings = entries.compactMap(ShortcutWarning.init(clientJSON:))
        }
        self.init(items: decoded, version: version, warnings: warnings)
    }
}
