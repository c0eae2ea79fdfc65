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
public struct PrerenderedShortcutItem: Sendable, Equatable {
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
}
