/// Why an item a device may still show is disabled.
public enum DisabledReason: String, Sendable, CaseIterable {
    /// The contact is no longer a favorite.
    case unfavorited
    /// The contact was deleted.
    case deleted
    /// The scheduled item ended, or was deleted.
    case ended

    /// The key an app's localization tables (`--localizations`) override the message with.
    public var localizationKey: String {
        switch self {
        case .unfavorited: "QuickActionDisabledUnfavorited"
        case .deleted: "QuickActionDisabledDeleted"
        case .ended: "QuickActionDisabledEnded"
        }
    }
}
