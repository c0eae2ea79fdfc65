import Foundation

extension LocalizationCatalog {
    /// Reads the translations at `path`: every `<lang>.lproj/InfoPlist.strings` and
    /// `Base.lproj/InfoPlist.strings` directly under it, and an `InfoPlist.xcstrings` String
    /// Catalog anywhere inside it. `path` may also be the `.xcstrings` file itself.
    ///
    /// A file iOS would not read is skipped and listed in `skippedFiles`, not fatal: a name
    /// that differs from `InfoPlist.strings` only in case (the device's file system is
    /// case-sensitive), an unreadable or malformed file, and a `.lproj` table for a language
    /// the String Catalog also has (the catalog wins: it is what Xcode 15 and later build from).
    /// Throws when `path` cannot be listed, two `.lproj` folders name one language, or a
    /// translation file is not a regular file, is larger than `FileContents.maximumBytes` (the
    /// wrong file, not a translation iOS would skip) or holds a control character
    /// (`OperatorText`), naming the file and line.
    public static func load(directory path: String) throws(LocalizationCatalogError) -> LocalizationCatalog {
        if path.hasSuffix(".xcstrings"), FileManager.default.fileExists(atPath: path) {
            var skipped: [SkippedLocalizationFile] = []
            let catalog = try readStringCatalog(path: path, skipped: &skipped)
            return LocalizationCatalog(tables: catalog?.tables ?? [:], sourceLanguage: catalog?.sourceLanguage, skippedFiles: skipped)
        }
        let entries: [String]
        do {
            entries = try FileContents.list(directory: path)
        } catch {
            throw LocalizationCatalogError(path: path, reason: error.reason)
        }
        var skipped: [SkippedLocalizationFile] = []
        var tables: [String: [String: String]] = [:]
        var tablePaths: [String: String] = [:]
        var baseTable: [String: String]?
        var directoryOfLanguage: [String: String] = [:]
        for entry in entries.sorted() {
            let isBase = entry.lowercased() == "base.lproj"
            guard isBase || languageTag(forDirectoryName: entry) != nil else { continue }
            let folder = (path as NSString).appendingPathComponent(entry)
            guard let file = tableFile(in: folder, skipped: &skipped) else { continue }
            if isBase {
                baseTable = try readTable(path: file, skipped: &skipped)
                continue
            }
            guard let language = languageTag(forDirectoryName: entry) else { continue }
            if let earlier = directoryOfLanguage[language.lowercased()] {
                throw LocalizationCatalogError(path: folder, reason: "names the same language as \(earlier)")
            }
            directoryOfLanguage[language.lowercased()] = entry
            if let table = try readTable(path: file, skipped: &skipped) {
                tables[language] = table
                tablePaths[language] = file
            }
        }
        guard let catalogPath = findStringCatalog(in: path, skipped: &skipped),
            let catalog = try readStringCatalog(path: catalogPath, skipped: &skipped)
        else {
            return LocalizationCatalog(tables: tables, baseTable: baseTable, skippedFiles: skipped)
        }
        let catalogLanguages = Set(catalog.tables.keys.map { $0.lowercased() })
        for (language, file) in tablePaths.sorted(by: { $0.key < $1.key }) where catalogLanguages.contains(language.lowercased()) {
            tables[language] = nil
            skipped.append(SkippedLocalizationFile(path: file, reason: "\(catalogPath) also translates \(language), and the String Catalog wins"))
        }
        tables.merge(catalog.tables) { _, fromCatalog in fromCatalog }
        return LocalizationCatalog(tables: tables, baseTable: baseTable, sourceLanguage: catalog.sourceLanguage, skippedFiles: skipped)
    }

    /// The path of `folder`'s `InfoPlist.strings`, or nil when it has none. A file whose name
    /// differs only in case is recorded as skipped: iOS would not find it.
    static func tableFile(in folder: String, skipped: inout [SkippedLocalizationFile]) -> String? {
        guard let names = try? FileContents.list(directory: folder) else { return nil }
        for name in names.sorted() where name != tableFileName && name.lowercased() == tableFileName.lowercased() {
            skipped.append(
                SkippedLocalizationFile(
                    path: (folder as NSString).appendingPathComponent(name),
                    reason: "iOS reads Info.plist translations only from a file named exactly \(tableFileName) (file names are case-sensitive on iOS)"
                ))
        }
        return names.contains(tableFileName) ? (folder as NSString).appendingPathComponent(tableFileName) : nil
    }

    /// The table in the strings file at `path`, or nil (recorded as skipped) when it cannot be
    /// read; throws for a file `FileContents` refuses.
    static func readTable(path: String, skipped: inout [SkippedLocalizationFile]) throws(LocalizationCatalogError) -> [String: String]? {
        do {
            return try readTable(path: path)
        } catch {
            if error.isRefusal { throw error }
            let location = error.line.map { "line \($0): " } ?? ""
            skipped.append(SkippedLocalizationFile(path: path, reason: location + error.reason))
            return nil
        }
    }

    /// The table in the strings file at `path`.
    static func readTable(path: String) throws(LocalizationCatalogError) -> [String: String] {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            throw LocalizationCatalogError(path: path, reason: error.reason, isRefusal: error.isRefusal)
        }
        do {
            return try StringsFile.parse(bytes)
        } catch {
            throw LocalizationCatalogError(path: path, line: error.line, reason: error.reason, isRefusal: error.isRefusal)
        }
    }

    /// The first `InfoPlist.xcstrings` under `directory` (in path order). Others, and files
    /// whose names differ only in case, are recorded as skipped.
    static func findStringCatalog(in directory: String, skipped: inout [SkippedLocalizationFile]) -> String? {
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return nil }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard name.lowercased() == StringCatalog.infoPlistFileName.lowercased() else { continue }
            let path = (directory as NSString).appendingPathComponent(relative)
            if name == StringCatalog.infoPlistFileName {
                found.append(path)
            } else {
                skipped.append(
                    SkippedLocalizationFile(
                        path: path,
                        reason: "Xcode builds Info.plist translations only from a catalog named exactly \(StringCatalog.infoPlistFileName)"))
            }
        }
        found.sort()
        guard let first = found.first else { return nil }
        for other in found.dropFirst() {
            skipped.append(
                SkippedLocalizationFile(path: other, reason: "\(first) is read instead: give --localizations the folder of one app target"))
        }
        return first
    }

    /// The String Catalog at `path`, or nil (recorded as skipped) when it cannot be read;
    /// throws for a file `FileContents` refuses.
    static func readStringCatalog(path: String, skipped: inout [SkippedLocalizationFile]) throws(LocalizationCatalogError) -> StringCatalog? {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            if error.isRefusal { throw LocalizationCatalogError(path: path, reason: error.reason, isRefusal: true) }
            skipped.append(SkippedLocalizationFile(path: path, reason: error.reason))
            return nil
        }
        do {
            return try StringCatalog.parse(bytes)
        } catch {
            if error.isRefusal { throw LocalizationCatalogError(path: path, line: error.line, reason: error.reason, isRefusal: true) }
            skipped.append(SkippedLocalizationFile(path: path, reason: error.reason))
            return nil
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
}
