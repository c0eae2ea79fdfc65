/// `quickactiond export android --out DIR` or `quickactiond export web --manifest FILE`: the
/// static items written as another platform's files, from the same `--shortcuts`,
/// `--localizations`, `--platforms` and `--build-setting` flags as the service.
public struct ExportCommand: Sendable, Equatable {
    /// What to write.
    public enum Target: Sendable, Equatable {
        /// An Android `res/` folder under this directory.
        case android(outDirectory: String)
        /// The `shortcuts` member of the web app manifest at this path, edited in place;
        /// `manifestURL` resolves its relative URLs (see `WebManifestScope`).
        case web(manifest: String, manifestURL: String?)
    }

    /// What to write.
    public var target: Target
    /// The files to read, as the service reads them (only the source flags are set).
    public var configuration: ServiceConfiguration
}
