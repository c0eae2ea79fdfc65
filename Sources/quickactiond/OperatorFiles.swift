import QuickActions

/// What quickactiond reads from the operator's files and flags, at start-up and again on
/// SIGHUP: the static items (`--shortcuts`, with the `--build-setting`s), their translations
/// (`--localizations`) and the tokens (`--token-file`, `--admin-token-file`; a token given by
/// flag or variable is read once and never changes).
struct OperatorFiles: Equatable {
    /// The static items and what the Info.plist says about them.
    var shortcuts: ShortcutConfiguration
    /// Their translations.
    var catalog: LocalizationCatalog?
    /// Single-account mode's token.
    var token: String?
    /// Multi-account mode's admin token.
    var adminToken: String?

    /// Reads everything `configuration` names; throws, naming the file, at the first that fails.
    static func load(_ configuration: ServiceConfiguration) throws -> OperatorFiles {
        let token = try Service.resolveToken(configuration)
        let adminToken = try Service.resolveAdminToken(configuration)
        var shortcuts = ShortcutConfiguration(staticItems: ShortcutItemBuilder.defaultStaticItems)
        if let path = configuration.shortcutsPath {
            shortcuts = try ShortcutConfiguration.load(path: path, buildSettings: BuildSettings(configuration.buildSettings))
        }
        let catalog = try configuration.localizationsPath.map { path throws in try LocalizationCatalog.load(directory: path) }
        return OperatorFiles(shortcuts: shortcuts, catalog: catalog, token: token, adminToken: adminToken)
    }

    /// The flags whose files hold something else than in `old`, in flag order.
    func changes(from old: OperatorFiles) -> [String] {
        var changed: [String] = []
        if shortcuts != old.shortcuts { changed.append("--shortcuts") }
        if catalog != old.catalog { changed.append("--localizations") }
        if token != old.token { changed.append("--token-file") }
        if adminToken != old.adminToken { changed.append("--admin-token-file") }
        return changed
    }

    /// Whether the lists change from `old`: their items or their translations.
    func changesShortcuts(from old: OperatorFiles) -> Bool {
        shortcuts != old.shortcuts || catalog != old.catalog
    }

    /// The file a load failure is about, when it names one.
    static func file(of error: any Error) -> String? {
        switch error {
        case let error as ShortcutConfigurationError: error.path
        case let error as LocalizationCatalogError: error.path
        case let error as StartupError: error.file
        default: nil
        }
    }
}
