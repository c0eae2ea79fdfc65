import QuickActions

/// Drops the second delivery of one pick. At a cold launch iOS may hand the same item to both
/// `launchOptions[.shortcutItem]` (or `connectionOptions.shortcutItem`) and
/// `performActionFor` (flutter #131121, react-native-quick-actions PR #62): pass every pick
/// through `accept`, and act only when it returns true. Call `beginLaunch()` when a new launch
/// starts (`didFinishLaunching`); each launch accepts one pick from its launch options, and a
/// `performActionFor` that repeats it is dropped, whichever of the two comes first.
public struct DeliveryGate: Sendable {
    /// Where iOS delivered a pick.
    public enum Source: Sendable, Equatable {
        /// `launchOptions[.shortcutItem]` / `UIScene.ConnectionOptions.shortcutItem`.
        case launchOptions
        /// `application(_:performActionFor:completionHandler:)` / `windowScene(_:performActionFor:…)`.
        case performAction
    }

    /// A pick: what identifies an item (its type and userInfo).
    public struct Pick: Sendable, Hashable {
        /// The item's type.
        public var type: String
        /// The item's userInfo.
        public var userInfo: [String: PropertyListValue]?

        /// Creates a pick.
        public init(type: String, userInfo: [String: PropertyListValue]? = nil) {
            self.type = type
            self.userInfo = userInfo
        }
    }

    /// The pick accepted in this launch that the other source may repeat, and its source.
    private var unmatched: (pick: Pick, source: Source)?
    /// Whether this launch already accepted its launch-options pick.
    private var launchOptionsSeen = false

    /// A gate for the launch now starting.
    public init() {}

    /// Starts a new launch: what the last one accepted is forgotten.
    public mutating func beginLaunch() {
        unmatched = nil
        launchOptionsSeen = false
    }

    /// True when `pick` from `source` should be acted on; false for the repeat of a pick this
    /// launch already accepted from the other source, or a second launch-options pick.
    public mutating func accept(_ pick: Pick, from source: Source) -> Bool {
        if let unmatched, unmatched.source != source, unmatched.pick == pick {
            // The repeat: drop it, once. A later pick of the same item is a new pick.
            self.unmatched = nil
            return false
        }
        switch source {
        case .launchOptions:
            guard !launchOptionsSeen else { return false }
            launchOptionsSeen = true
            unmatched = (pick, source)
        case .performAction:
            // Only the first performAction of a launch can be the launch's own pick repeated.
            unmatched = launchOptionsSeen ? nil : (unmatched ?? (pick, source))
        }
        return true
    }
}
