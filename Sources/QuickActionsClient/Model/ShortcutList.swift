import QuickActions

/// A shortcut list as `GET /shortcuts` answers it: the domain's items and warnings, and the
/// list's `version` (also its strong ETag). Asked for with `explain` or `includeDisabled`, it
/// also holds each dynamic item's reason for its place and the disabled items.
public struct ShortcutList: Sendable, Equatable {
    /// Every item, static first, hidden ones included (`visible == false`). Each dynamic item
    /// has its `rank` when the service ranks them.
    public var items: [ShortcutItem]
    /// The list's version: changes whenever the items or warnings do.
    public var version: String
    /// What the service found wrong with the items (Human Interface Guidelines checks).
    public var warnings: [ShortcutWarning]
    /// Why each item is where it is, by position in `items` (`shortcuts(explain: true)`); nil
    /// for static items, and for every item of a list fetched without `explain`.
    public var reasons: [DynamicOrderReason?]
    /// The items that left the list and that a device may still show, oldest first
    /// (`shortcuts(includeDisabled: true)`); empty otherwise.
    public var disabledItems: [DisabledShortcutItem]

    /// Creates a list. `reasons` go by position in `items`: a count other than `items.count`
    /// is read as no reasons at all.
    public init(
        items: [ShortcutItem], version: String, warnings: [ShortcutWarning], reasons: [DynamicOrderReason?] = [],
        disabledItems: [DisabledShortcutItem] = []
    ) {
        self.items = items
        self.version = version
        self.warnings = warnings
        self.reasons = reasons.count == items.count ? reasons : Array(repeating: nil, count: items.count)
        self.disabledItems = disabledItems
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

    /// The pinned favorites' items, in pin order, as the reasons say (`shortcuts(explain: true)`;
    /// empty for a list fetched without it).
    public var pinnedItems: [ShortcutItem] {
        items.indices.filter { if case .pinned? = reasons[$0] { true } else { false } }.map { items[$0] }
    }

    /// Why `item` is where it is: the reason of the first item equal to it, or nil.
    public func reason(for item: ShortcutItem) -> DynamicOrderReason? {
        items.firstIndex(of: item).flatMap { reasons[$0] }
    }

    /// The list in the JSON body of `GET /shortcuts` or a `shortcuts` event. Members this client
    /// does not know are ignored, and those it does are optional, so an older service's list
    /// and a newer one's both decode.
    public init(json bytes: [UInt8]) throws(QuickActionsClientError) {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw .malformedResponse("the shortcut list is not JSON (\(error))")
        }
        guard case .object(let object) = root, case .array(let entries)? = object["items"], let version = object["version"]?.stringValue else {
            throw .malformedResponse("the shortcut list has no items array or no version")
        }
        var decoded: [ShortcutItem] = []
        var reasons: [DynamicOrderReason?] = []
        var disabled: [DisabledShortcutItem] = []
        for (index, entry) in entries.enumerated() {
            if let item = ShortcutItem(clientJSON: entry) {
                decoded.append(item)
                reasons.append(entry.objectValue?["explain"].flatMap(DynamicOrderReason.init(clientJSON:)))
            } else if let item = DisabledShortcutItem(clientJSON: entry) {
                disabled.append(item)
            } else {
                throw .malformedResponse("item \(index) is not a shortcut item")
            }
        }
        var warnings: [ShortcutWarning] = []
        if case .array(let entries)? = object["warnings"] {
            warnings = entries.compactMap(ShortcutWarning.init(clientJSON:))
        }
        self.init(items: decoded, version: version, warnings: warnings, reasons: reasons, disabledItems: disabled)
    }
}
