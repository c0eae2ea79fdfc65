import QuickActions

/// A dynamic (favorite) item together with its JSON, written once when the item enters the
/// list instead of at every render: with 10,000 favorites, writing each item's JSON was most
/// of a render.
///
/// Invariant, held by construction (the only initializer computes `json`): `json` is exactly
/// `JSONWriter.bytes(item.json)` for `item` as stored, which is never visible (the Home Screen
/// shows at most the first four items, and the renderer uses the prerendered bytes only for an
/// item it does not show as visible). Localization never changes a dynamic item, so the bytes
/// hold in every language.
///
/// A class, so that the cache's sorted array of favorites holds one reference per entry: an
/// insertion or removal among 10,000 favorites then moves 160 KB, not the 2.5 MB the items
/// themselves take (which made each change cost half a millisecond on the writer).
public final class PrerenderedShortcutItem: Sendable, Equatable {
    /// The item, not visible.
    public let item: ShortcutItem
    /// `JSONWriter.bytes(item.json)`.
    public let json: [UInt8]

    /// Prerenders `item` (marked not visible).
    public init(_ item: ShortcutItem) {
        var hidden = item
        hidden.visible = false
        self.item = hidden
        self.json = JSONWriter.bytes(hidden.json)
    }

    /// Equal when the items are (the JSON follows from the item).
    public static func == (lhs: PrerenderedShortcutItem, rhs: PrerenderedShortcutItem) -> Bool {
        lhs === rhs || lhs.item == rhs.item
    }
}
