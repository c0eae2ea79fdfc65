import QuickActions

extension AccountShortcutList {
    /// A favorite in the list: its place, the contact as last seen (its usage key included),
    /// and its prerendered item.
    ///
    /// A class, so that the sorted array holds one reference per favorite: a pick that moves a
    /// favorite shifts the references between its old and new places, and a change while a
    /// render holds the array copies references, not each contact's strings.
    final class FavoriteEntry: Sendable {
        let key: DynamicSortKey
        let contact: Contact
        let item: PrerenderedShortcutItem

        convenience init(_ contact: Contact, order: DynamicOrder) {
            self.init(contact, order: order, item: PrerenderedShortcutItem(ShortcutItemBuilder.favoriteItem(for: contact)))
        }

        init(_ contact: Contact, order: DynamicOrder, item: PrerenderedShortcutItem) {
            key = order.sortKey(for: contact)
            self.contact = contact
            self.item = item
        }
    }

    /// Sorted entries of `favorites` and their keys.
    static func entries(_ favorites: [Contact], order: DynamicOrder) -> (favorites: [FavoriteEntry], keys: [Int64: DynamicSortKey]) {
        let entries = favorites.map { FavoriteEntry($0, order: order) }.sorted { $0.key < $1.key }
        return (entries, Dictionary(entries.map { ($0.contact.sequence, $0.key) }, uniquingKeysWith: { _, last in last }))
    }
}
