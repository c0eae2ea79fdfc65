/// A dynamic item's JSON, written once, with the two members a render decides left open: its
/// `rank` and `visible`. When one favorite moves, every item between its old and new places
/// changes rank; with these parts none of them is written again, the render puts each rank in.
///
/// Invariant, held by construction (the only initializer writes the parts): `write(rank: r,
/// visible: v, to:)` appends exactly what `ShortcutItem.writeJSON` appends for the item with
/// `rank` r and `visible` v, which is `JSONWriter.bytes(item.json)` for that item. With no
/// rank, those are the bytes of an item that has no rank at all.
public struct ShortcutItemJSONParts: Sendable, Equatable {
    /// The item's JSON without `rank` and marked not visible (ends in `"visible":false}`).
    public let hiddenJSON: [UInt8]
    /// Where the `rank` member goes in `hiddenJSON`: after `localizedTitle`, before
    /// `targetContentIdentifier` and `type` (JSONWriter sorts keys).
    let rankOffset: Int

    /// `visible` is the last member: its value and the closing brace end the JSON.
    private static let hiddenEnd = Array(#"false}"#.utf8)
    private static let visibleEnd = Array(#"true}"#.utf8)

    /// Writes `item`'s parts (its own `rank` and `visible` are not part of them).
    public init(_ item: ShortcutItem) {
        var hidden = item
        hidden.visible = false
        var json: [UInt8] = []
        rankOffset = hidden.writeJSON(to: &json, rank: nil)
        hiddenJSON = json
    }

    /// Appends the item's JSON with `rank` (none when nil) and `visible`.
    public func write(rank: Int?, visible: Bool, to output: inout [UInt8]) {
        guard rank != nil || visible else { return output.append(contentsOf: hiddenJSON) }
        output.append(contentsOf: hiddenJSON[..<rankOffset])
        if let rank { ShortcutItem.writeRank(rank, to: &output) }
        output.append(contentsOf: hiddenJSON[rankOffset..<(hiddenJSON.count - Self.hiddenEnd.count)])
        output.append(contentsOf: visible ? Self.visibleEnd : Self.hiddenEnd)
    }
}
