/// What an Android `shortcuts.xml` says of a shortcut that iOS has no field for, kept on the
/// `ShortcutItem` read from it (`ShortcutItem.android`) for the Android outputs. The iOS JSON
/// and property list never show it.
public struct AndroidShortcutDetails: Sendable, Hashable {
    /// `android:shortcutId`.
    public var id: String
    /// `android:shortcutShortLabel`: a string resource.
    public var shortLabel: AndroidResourceReference
    /// `android:shortcutLongLabel`, if given.
    public var longLabel: AndroidResourceReference?
    /// `android:shortcutDisabledMessage`, if given.
    public var disabledMessage: AndroidResourceReference?
    /// `android:icon`, if given (`@drawable/…` or `@mipmap/…`).
    public var icon: AndroidResourceReference?
    /// The `<intent>`s, in order (a back stack; the last is what the user sees).
    public var intents: [AndroidIntent]
    /// The `<categories android:name>` values, in order.
    public var categories: [String]
    /// The `<capability-binding>`s, in order.
    public var capabilityBindings: [AndroidCapabilityBinding]
    /// Other `android:` attributes of `<shortcut>`, as written.
    public var otherAttributes: [AndroidRawAttribute]

    /// Creates the details of a shortcut.
    public init(
        id: String, shortLabel: AndroidResourceReference, longLabel: AndroidResourceReference? = nil,
        disabledMessage: AndroidResourceReference? = nil, icon: AndroidResourceReference? = nil, intents: [AndroidIntent] = [],
        categories: [String] = [], capabilityBindings: [AndroidCapabilityBinding] = [], otherAttributes: [AndroidRawAttribute] = []
    ) {
        self.id = id
        self.shortLabel = shortLabel
        self.longLabel = longLabel
        self.disabledMessage = disabledMessage
        self.icon = icon
        self.intents = intents
        self.categories = categories
        self.capabilityBindings = capabilityBindings
        self.otherAttributes = otherAttributes
    }
}

/// Holds an item's `AndroidShortcutDetails` out of line, so that `ShortcutItem` (copied for
/// every favorite in every rendered list) grows by one reference, not by the details' size.
final class AndroidShortcutDetailsBox: Sendable, Hashable {
    let details: AndroidShortcutDetails

    init(_ details: AndroidShortcutDetails) {
        self.details = details
    }

    static func == (lhs: AndroidShortcutDetailsBox, rhs: AndroidShortcutDetailsBox) -> Bool {
        lhs === rhs || lhs.details == rhs.details
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(details)
    }
}
