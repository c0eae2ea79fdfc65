/// What a reload (SIGHUP) may replace: the shortcut setup, from `--shortcuts` and
/// `--localizations`, and the tokens, of which only those read from files change. Held by
/// `CurrentConfiguration`.
public struct ReloadableConfiguration: Sendable {
    /// The static items and what renders the lists.
    public var shortcuts: ShortcutListConfiguration
    /// Single-account mode's token: nil opens every route to anyone.
    public var serviceToken: String?
    /// Multi-account mode's admin token (nil in single-account mode).
    public var adminToken: String?

    /// Creates settings.
    public init(shortcuts: ShortcutListConfiguration = ShortcutListConfiguration(), serviceToken: String? = nil, adminToken: String? = nil) {
        self.shortcuts = shortcuts
        self.serviceToken = serviceToken
        self.adminToken = adminToken
    }
}
