import QuickActions
import Synchronization

/// The JSON of the static items as last rendered, by language and position. Every account's
/// list starts with the same static items, so with many accounts writing them again was a good
/// part of each list's render. An entry is used only for an equal item: a changed item (another
/// translation, or visibility) is written afresh and replaces it.
final class StaticItemJSON: Sendable {
    private struct Key: Hashable {
        let language: String
        let index: Int
    }

    private let entries = Mutex<[Key: (item: ShortcutItem, json: [UInt8])]>([:])
    /// Most entries kept (languages x static items); past it the memo starts over.
    private static let capacity = 1024

    /// `JSONWriter.bytes(item.json)`, from the memo when it holds this item.
    func bytes(of item: ShortcutItem, at index: Int, language: String) -> [UInt8] {
        let key = Key(language: language, index: index)
        if let entry = entries.withLock({ $0[key] }), entry.item == item { return entry.json }
        var json: [UInt8] = []
        item.writeJSON(to: &json)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = (item, json)
        }
        return json
    }
}
