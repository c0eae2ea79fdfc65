/// Builds the current quick-action list: the static items first, in file order, then the
/// dynamic items: the scheduled items showing, then one `FavoriteAction` per favorite contact,
/// in creation order or in a `DynamicOrder`.
public struct ShortcutItemBuilder: Sendable {
    /// The type of every dynamic item.
    public static let favoriteActionType = "FavoriteAction"
    /// How many items the Home Screen shows.
    public static let visibleLimit = 4

    /// The sample app's static actions: Search and Share.
    public static let defaultStaticItems: [ShortcutItem] = [
        ShortcutItem(
            type: "SearchAction", localizedTitle: "Search", localizedSubtitle: "Search for an item",
            icon: .type(.search), kind: .static),
        ShortcutItem(
            type: "ShareAction", localizedTitle: "Share", localizedSubtitle: "Share an item",
            icon: .type(.share), kind: .static),
    ]

    /// The static items, in order.
    public let staticItems: [ShortcutItem]

    /// Creates a builder over `staticItems`.
    public init(staticItems: [ShortcutItem] = ShortcutItemBuilder.defaultStaticItems) {
        self.staticItems = staticItems
    }

    /// Whether `type` is one of the configured static types.
    public func isStaticType(_ type: String) -> Bool {
        staticItems.contains { $0.type == type }
    }

    /// The dynamic item for a favorite contact.
    public static func favoriteItem(for contact: Contact) -> ShortcutItem {
        ShortcutItem(
            type: favoriteActionType,
            localizedTitle: contact.name,
            localizedSubtitle: contact.email,
            icon: .type(.contact),
            userInfo: ["contactId": .string(contact.id), "Name": .string(contact.name)],
            kind: .dynamic)
    }

    /// The full list for `favorites` (already in creation order), each item marked visible
    /// when it is among the first four.
    public func items(favorites: [Contact]) -> [ShortcutItem] {
        items(dynamic: favorites.map(Self.favoriteItem(for:)))
    }

    /// The static items, then `dynamic` (the favorites' items, in creation order), each marked
    /// visible when it is among the first four enabled items (a disabled item is never shown).
    public func items(dynamic: [ShortcutItem]) -> [ShortcutItem] {
        items(dynamic: dynamic, ranked: false)
    }

    /// The static items, then `dynamic` in the order given, each marked visible when it is
    /// among the first four. `ranked`: each dynamic item carries its `rank`, its index in
    /// `dynamic`; otherwise the items' ranks are left as they are.
    public func items(dynamic: [ShortcutItem], ranked: Bool) -> [ShortcutItem] {
        var all = staticItems
        all.reserveCapacity(staticItems.count + dynamic.count)
        all.append(contentsOf: dynamic)
        var shown = 0
        for index in all.indices {
            let visible = all[index].enabled && shown < Self.visibleLimit
            if visible { shown += 1 }
            all[index].visible = visible
        }
        if ranked {
            for index in staticItems.count..<all.count { all[index].rank = index - staticItems.count }
        }
        return all
    }

    /// The static items, then `scheduled` (the scheduled items showing now, in their order),
    /// then one item per favorite in `order`: each dynamic item ranked, the first four visible.
    public func items(scheduled: [ShortcutItem] = [], favorites: [Contact], order: DynamicOrder) -> [ShortcutItem] {
        items(dynamic: scheduled + order.sorted(favorites).map(Self.favoriteItem(for:)), ranked: true)
    }
}
