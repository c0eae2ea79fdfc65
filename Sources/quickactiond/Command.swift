/// What the command line asks for.
public enum Command: Sendable, Equatable {
    /// Run the service.
    case serve(ServiceConfiguration)
    /// Check an Info.plist's quick actions offline.
    case lint(infoPlist: String, localizations: String?, appName: String?, buildSettings: [String: String])
    /// Write the static items as Android resources or a web manifest's shortcuts.
    case export(ExportCommand)
    /// Print usage.
    case help
    /// Print the version.
    case version
}
