import QuickActions

/// What the command line asks for.
public enum Command: Sendable, Equatable {
    /// Run the service.
    case serve(ServiceConfiguration)
    /// Check an Info.plist's (or an Android shortcuts.xml's) quick actions offline, under the
    /// rules of `platforms` (nil: those the `platformsFile` mapping names, and iOS).
    case lint(
        infoPlist: String, localizations: String?, appName: String?, buildSettings: [String: String], platformsFile: String? = nil,
        platforms: [ShortcutPlatform]? = nil)
    /// Write the static items as Android resources or a web manifest's shortcuts.
    case export(ExportCommand)
    /// Print usage.
    case help
    /// Print the version.
    case version
}
