/// The items iOS adds to every Home Screen menu after the app's own: Edit Home Screen, Share
/// App and Remove App (red). The preview draws them greyed and apart, so the picture is as tall
/// as the device's menu.
///
/// Their labels come from a small table (`labels`): English, French, German, Spanish and
/// Italian. Any other language gets the English labels.
public enum PreviewSystemItems {
    /// One system item.
    public struct Item: Sendable, Equatable {
        /// A stable name for the item (the SVG's `data-system`).
        public var id: String
        /// The label in the picture's language.
        public var label: String
        /// Its glyph's SVG elements (see `ShortcutGlyph`).
        public var glyph: String
        /// Drawn in red, as iOS draws Remove App.
        public var destructive: Bool
    }

    /// Edit Home Screen, Share App, Remove App, by language (a primary language subtag).
    static let labels: [String: (edit: String, share: String, remove: String)] = [
        "en": ("Edit Home Screen", "Share App", "Remove App"),
        "fr": ("Modifier l’écran d’accueil", "Partager l’app", "Supprimer l’app"),
        "de": ("Home-Bildschirm bearbeiten", "App teilen", "App entfernen"),
        "es": ("Editar pantalla de inicio", "Compartir app", "Eliminar app"),
        "it": ("Modifica schermata Home", "Condividi app", "Rimuovi app"),
    ]

    /// The grid of app icons the Edit Home Screen item shows.
    static let editGlyph =
        #"<rect x="4.5" y="4.5" width="6" height="6" rx="1.5"/><rect x="13.5" y="4.5" width="6" height="6" rx="1.5"/>"#
        + #"<rect x="4.5" y="13.5" width="6" height="6" rx="1.5"/><rect x="13.5" y="13.5" width="6" height="6" rx="1.5"/>"#
    /// A circle with a minus: Remove App.
    static let removeGlyph = #"<circle cx="12" cy="12" r="8.5"/><path d="M7.5 12h9"/>"#

    /// The system items in the order iOS lists them, labelled in `language` (a BCP 47 tag; its
    /// primary subtag picks the table), in English when the table has no such language.
    public static func items(language: String?) -> [Item] {
        let primary = language.map { String($0.prefix { $0 != "-" && $0 != "_" }).lowercased() } ?? "en"
        let text = labels[primary] ?? labels["en"] ?? ("Edit Home Screen", "Share App", "Remove App")
        return [
            Item(id: "edit-home-screen", label: text.edit, glyph: editGlyph, destructive: false),
            Item(id: "share-app", label: text.share, glyph: ShortcutGlyph.markup(for: .share), destructive: false),
            Item(id: "remove-app", label: text.remove, glyph: removeGlyph, destructive: true),
        ]
    }
}
