import QuickActions

/// A dynamic (favorite) item together with its JSON, written once when the item enters the
/// list instead of at every render.
///
/// Invariant, held by construction (the only initializer computes it): `json` is exactly
/// `JSONWriter.bytes(item.json)` for `item` as stored, which is never visible. The item marked
/// visible (the Home Screen shows the first four items) is the same bytes with the last
/// member's value swapped (`writeVisibleJSON`). Localization never changes a dynamic item, so
/// the bytes hold in every language.
///
/// A class, so that the cache's sorted array of favorites holds one reference per entry: an
/// insertion or removal moves references, not the items themselves.
public final class PrerenderedShortcutItem: Sendable, Equatable {
    /// The item, not visible.
    public let item: ShortcutItem
    /// `JSONWriter.bytes(item.json)`.
    public let json: [UInt8]

    /// `visible` is the last member (writeJSON writes JSONWriter's sorted order).
    private static let hiddenEnd = Array(#"false}"#.utf8)
    private static let visibleEnd = Array(#"true}"#.utf8)

    /// Prerenders `item` (marked not visible).
    public init(_ item: ShortcutItem) {
        var hidden = item
        hidden.visible = false
        self.item = hidden
        var json: [UInt8] = []
        hidden.writeJSON(to: &json)
        self.json = json
    }

    /// Appends the item's JSON with `visible` true: what the renderer writes for one of the first four.
    public func writeVisibleJSON(to output: inout [UInt8]) {
        output.append(contentsOf: json[..<(json.count - Self.hiddenEnd.count)])
        output.append(contentsOf: Self.visibleEnd)
    }

    /// Equal when the items are (the JSON follows from the item).
    public static func == (lhs: PrerenderedShortcutItem, rhs: PrerenderedShortcutItem) -> Bool {
        lhs === rhs || lhs.item == rhs.item
    }
}
