/// The `InfoPlist.strings` tables of an app, one per language, as iOS uses them to translate
/// static quick actions: each title and subtitle in Info.plist is a key in the table. The
/// tables come from `<lang>.lproj` folders or an `InfoPlist.xcstrings` String Catalog.
public struct LocalizationCatalog: Sendable, Equatable {
    /// The strings-file name iOS reads Info.plist translations from.
    public static let tableFileName = "InfoPlist.strings"

    /// Each language's table, by tag as its `.lproj` directory names it (`_` read as `-`).
    public let tables: [String: [String: String]]
    /// The `Base.lproj` table, used when neither a requested language nor the development
    /// region has a table.
    public let baseTable: [String: String]?
    /// A String Catalog's `sourceLanguage`: its table stands in for a language it lacks.
    public let sourceLanguage: String?
    /// Files found but not read, each with why.
    public let skippedFiles: [SkippedLocalizationFile]
    /// The languages, for `Accept-Language` negotiation.
    public let negotiator: LanguageNegotiator

    /// Creates a catalog from tables already read.
    public init(
        tables: [String: [String: String]], baseTable: [String: String]? = nil, sourceLanguage: String? = nil,
        skippedFiles: [SkippedLocalizationFile] = []
    ) {
        self.tables = tables
        self.baseTable = baseTable
        self.sourceLanguage = sourceLanguage
        self.skippedFiles = skippedFiles
        negotiator = LanguageNegotiator(languages: tables.keys)
    }

    /// The languages, sorted.
    public var languages: [String] { tables.keys.sorted() }

    /// The table for `language`, matched case-insensitively, or nil.
    public func table(for language: String) -> [String: String]? {
        if let exact = tables[language] { return exact }
        return negotiator.languagesByFoldedTag[language.lowercased()].flatMap { tables[$0] }
    }

    /// The table iOS takes the text from, and the language that names it, following iOS's
    /// chain: the negotiated language; else the development region (RFC 4647 lookup, so
    /// `en-GB` finds `en`); else a String Catalog's source language; else `Base.lproj`; else
    /// none (the Info.plist's own text). Base and the Info.plist's text are named by the
    /// development region, the language they are written in.
    public func resolve(negotiated: String?, developmentRegion: String) -> (language: String, table: [String: String]?) {
        if let negotiated, let table = table(for: negotiated) { return (negotiated, table) }
        if let region = negotiate(acceptLanguage: developmentRegion), let table = tables[region] { return (region, table) }
        if let sourceLanguage, let table = tables[sourceLanguage] { return (sourceLanguage, table) }
        return (developmentRegion, baseTable)
    }

    /// `items` with each static item's title and subtitle looked up in `language`'s table,
    /// as iOS does; a missing key keeps the original text. Dynamic items are never translated
    /// (the app localizes them before setting them). A nil or unknown language changes nothing.
    public func localized(_ items: [ShortcutItem], language: String?) -> [ShortcutItem] {
        guard let language, let table = table(for: language) else { return items }
        return Self.localized(items, table: table)
    }

    /// `items` with each static item's title, subtitle and disabled message looked up in
    /// `table`; a missing key keeps the original text, as on iOS.
    public static func localized(_ items: [ShortcutItem], table: [String: String]?) -> [ShortcutItem] {
        guard let table else { return items }
        return items.map { item in
            guard item.kind == .static else { return item }
            var translated = item
            translated.localizedTitle = table[item.localizedTitle] ?? item.localizedTitle
            if let subtitle = item.localizedSubtitle { translated.localizedSubtitle = table[subtitle] ?? subtitle }
            if let message = item.disabledMessage { translated.disabledMessage = table[message] ?? message }
            return translated
        }
    }
}
