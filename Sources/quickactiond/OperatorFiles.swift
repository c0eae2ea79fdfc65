import QuickActions

/// What quickactiond reads from the operator's files and flags, at start-up and again on
/// SIGHUP: the static items (`--shortcuts`, with the `--build-setting`s), their translations
/// (`--localizations`), the platform mapping (`--platforms`) and the tokens (`--token-file`,
/// `--admin-token-file`; a token given by flag or variable is read once and never changes).
///
/// `--shortcuts` may name an Android `res/xml/shortcuts.xml` (an XML file that is not a
/// property list): its items become the static items, and the `res/` folder (`--localizations`,
/// else the folder the file is in) gives their translations, keyed by string name.
struct OperatorFiles: Equatable {
    /// The static items and what the Info.plist says about them.
    var shortcuts: StaticShortcutConfiguration
    /// Their translations.
    var catalog: LocalizationCatalog?
    /// What Android and the web need beyond the static items (`--platforms`).
    var platforms: PlatformMapping?
    /// Single-account mode's token.
    var token: String?
    /// Multi-account mode's admin token.
    var adminToken: String?

    /// Reads everything `configuration` names; throws, naming the file, at the first that fails.
    static func load(_ configuration: ServiceConfiguration) throws -> OperatorFiles {
        let token = try Service.resolveToken(configuration)
        let adminToken = try Service.resolveAdminToken(configuration)
        let platforms = try configuration.platformsPath.map { path throws in try PlatformMapping.load(path: path) }
        let (shortcuts, catalog) = try loadShortcuts(configuration, platforms: platforms)
        if let platforms, let path = configuration.platformsPath {
            try platforms.validate(
                staticItems: shortcuts.staticItems, catalog: catalog ?? LocalizationCatalog(tables: [:]),
                developmentRegion: shortcuts.developmentRegion ?? BuildSettings(configuration.buildSettings).values["DEVELOPMENT_LANGUAGE"] ?? "en",
                source: path)
        }
        return OperatorFiles(shortcuts: shortcuts, catalog: catalog, platforms: platforms, token: token, adminToken: adminToken)
    }

    /// The static items and their translations: from an Android `shortcuts.xml` and its `res/`
    /// folder, or from an Info.plist or JSON file and `--localizations`.
    static func loadShortcuts(_ configuration: ServiceConfiguration, platforms: PlatformMapping?) throws -> (
        StaticShortcutConfiguration, LocalizationCatalog?
    ) {
        let buildSettings = BuildSettings(configuration.buildSettings)
        guard let path = configuration.shortcutsPath else {
            let catalog = try configuration.localizationsPath.map { path throws in try LocalizationCatalog.load(directory: path) }
            return (StaticShortcutConfiguration(staticItems: ShortcutItemBuilder.defaultStaticItems), catalog)
        }
        if AndroidShortcutSource.isShortcutsFile(path: path) {
            let source = try AndroidShortcutSource.load(
                shortcutsPath: path, resDirectory: configuration.localizationsPath,
                developmentLanguage: buildSettings.values["DEVELOPMENT_LANGUAGE"] ?? "en", mapping: platforms?.android)
            return (source.configuration, source.catalog)
        }
        let shortcuts = try StaticShortcutConfiguration.load(path: path, buildSettings: buildSettings)
        let catalog = try configuration.localizationsPath.map { path throws in try LocalizationCatalog.load(directory: path) }
        return (shortcuts, catalog)
    }

    /// The flags whose files hold something else than in `old`, in flag order.
    func changes(from old: OperatorFiles) -> [String] {
        var changed: [String] = []
        if shortcuts != old.shortcuts { changed.append("--shortcuts") }
        if catalog != old.catalog { changed.append("--localizations") }
        if platforms != old.platforms { changed.append("--platforms") }
        if token != old.token { changed.append("--token-file") }
        if adminToken != old.adminToken { changed.append("--admin-token-file") }
        return changed
    }

    /// Whether the lists change from `old`: their items or their translations.
    func changesShortcuts(from old: OperatorFiles) -> Bool {
        shortcuts != old.shortcuts || catalog != old.catalog || platforms != old.platforms
    }

    /// The file a load failure is about, when it names one.
    static func file(of error: any Error) -> String? {
        switch error {
        case let error as StaticShortcutConfigurationError: error.path
        case let error as LocalizationCatalogError: error.path
        case let error as PlatformMappingError: error.path
        case let error as AndroidSourceError: error.problems.first?.file
        case let error as StartupError: error.file
        default: nil
        }
    }
}
