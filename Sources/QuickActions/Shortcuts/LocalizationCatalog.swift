import Foundation

/// The `InfoPlist.strings` tables of an app, one per language, as iOS uses them to translate
/// static quick actions: each title and subtitle in Info.plist is a key in the table.
public struct LocalizationCatalog: Sendable, Equatable {
    /// The strings-file name iOS reads Info.plist translations from.
    public static let tableFileName = "InfoPlist.strings"

    /// Each language's table, by tag as its `.lproj` directory names it (`_` read as `-`).
    public let tables: [String: [String: String]]
    /// Each language by its lower-cased tag, for negotiation (built once, not per request).
    let languagesByFoldedTag: [String: String]

    /// Creates a catalog from tables already read.
    public init(tables: [String: [String: String]]) {
        self.tables = tables
        var byFoldedTag: [String: String] = [:]
        for language in tables.keys.sorted() { byFoldedTag[language.lowercased()] = language }
        self.languagesByFoldedTag = byFoldedTag
    }

    /// The languages, sorted.
    public var languages: [String] { tables.keys.sorted() }

    /// The table for `language`, matched case-insensitively, or nil.
    public func table(for language: String) -> [String: String]? {
        if let exact = tables[language] { return exact }
        let folded = language.lowercased()
        return tables.first { $0.key.lowercased() == folded }?.value
    }

    /// Reads every `<lang>.lproj/InfoPlist.strings` under `directory`.
    ///
    /// `Base.lproj` is skipped: for Info.plist the base text is Info.plist's own, which is
    /// what callers fall back to when no language is negotiated. `.lproj` directories without
    /// an `InfoPlist.strings` (other resources only) are skipped too.
    public static func load(directory: String) throws(LocalizationCatalogError) -> LocalizationCatalog {
        let fileManager = FileManager.default
        let entries: [String]
        do {
            entries = try FileContents.list(directory: directory)
        } catch {
            throw LocalizationCatalogError(path: directory, reason: error.reason)
        }
        var tables: [String: [String: String]] = [:]
        var directoryOfLanguage: [String: String] = [:]
        for entry in entries.sorted() {
            guard let language = languageTag(forDirectoryName: entry) else { continue }
            let folder = (directory as NSString).appendingPathComponent(entry)
            let path = (folder as NSString).appendingPathComponent(tableFileName)
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue,
                fileManager.fileExists(atPath: path)
            else { continue }
            if let earlier = directoryOfLanguage[language.lowercased()] {
                throw LocalizationCatalogError(path: folder, reason: "names the same language as \(earlier)")
            }
            directoryOfLanguage[language.lowercased()] = entry
            tables[language] = try readTable(path: path)
        }
        return LocalizationCatalog(tables: tables)
    }

    /// The table in the strings file at `path`.
    static func readTable(path: String) throws(LocalizationCatalogError) -> [String: String] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            throw LocalizationCatalogError(path: path, reason: error.reason)
        }
        do {
            return try StringsFile.parse(bytes)
        } catch {
            throw LocalizationCatalogError(path: path, line: error.line, reason: error.reason)
        }
    }

    /// The language tag of a `<lang>.lproj` directory name, or nil for other names and `Base`.
    static func languageTag(forDirectoryName name: String) -> String? {
        let suffix = ".lproj"
        guard name.count > suffix.count, name.lowercased().hasSuffix(suffix) else { return nil }
        let tag = String(name.dropLast(suffix.count)).replacingOccurrences(of: "_", with: "-")
        guard tag.lowercased() != "base", LanguageRange.isWellFormedTag(tag) else { return nil }
        return tag
    }

    /// `items` with each static item's title and subtitle looked up in `language`'s table,
    /// as iOS does; a missing key keeps the original text. Dynamic items are never translated
    /// (the app localizes them before setting them). A nil or unknown language changes nothing.
    public func localized(_ items: [ShortcutItem], language: String?) -> [ShortcutItem] {
        guard let language, let table = table(for: language) else { return items }
        return items.map { item in
            guard item.kind == .static else { return item }
            var translated = item
            translated.localizedTitle = table[item.localizedTitle] ?? item.localizedTitle
            if let subtitle = item.localizedSubtitle { translated.localizedSubtitle = table[subtitle] ?? subtitle }
            return translated
        }
    }
}
