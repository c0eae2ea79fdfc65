import QuickActions

/// A dynamic (favorite) item together with its JSON, written once when the item enters the
/// list instead of at every render.
///
/// Invariant, held by construction (the only initializer computes it): `parts` are
/// `ShortcutItemJSONParts(item)` for `item` as stored, which is never visible and carries no
/// rank. A render writes the item's `rank` and `visible` between the parts (`write(rank:visible:to:)`),
/// so a favorite whose place changed is not written again. Localization never changes a
/// dynamic item, so the bytes hold in every language.
///
/// A class, so that the cache's sorted array of favorites holds one reference per entry: an
/// insertion or removal moves references, not the items themselves.
public final class PrerenderedShortcutItem: Sendable, Equatable {
    /// The item, not visible, with no rank.
    public let item: ShortcutItem
    /// The item's JSON, around the place of `rank` and the value of `visible`.
    public let parts: ShortcutItemJSONParts

    /// Prerenders `item` (marked not visible, its rank left out).
    public init(_ item: ShortcutItem) {
        var hidden = item
        hidden.visible = false
        hidden.rank = nil
        self.item = hidden
        parts = ShortcutItemJSONParts(hidden)
    }

    /// `JSONWriter.bytes(item.json)`: the item not visible, with no rank.
    public var json: [UInt8] { parts.hiddenJSON }

    /// Appends the item's JSON with `rank` (none when nil) and `visible`: what the renderer writes.
    public func write(rank: Int?, visible: Bool, to output: inout [UInt8]) {
        parts.write(rank: rank, visible: visible, to: &output)
    }

    /// Equal when the items are (the JSON follows from the item).
    public static func == (lhs: PrerenderedShortcutItem, rhs: PrerenderedShortcutItem) -> Bool {
        lhs === rhs || lhs.item == rhs.item
    }
}
