/// An Xcode String Catalog (`InfoPlist.xcstrings`, Xcode 15 and later): JSON holding a
/// `sourceLanguage` and, for each key, `localizations.<lang>.stringUnit.value`.
///
/// Only plain string units are read. A key's entry without a string unit for a language
/// (plural or device variations, or no translation yet) is missing from that language's table.
/// In the source language a key without a value stands for itself, as Xcode builds it.
public struct StringCatalog: Sendable, Equatable {
    /// The file name iOS projects keep Info.plist translations in.
    public static let infoPlistFileName = "InfoPlist.xcstrings"

    /// The language the keys are written in (`sourceLanguage`), `_` read as `-`.
    public var sourceLanguage: String
    /// Each language's table, by tag.
    public var tables: [String: [String: String]]

    /// Why a catalog could not be read, without its path.
    public struct Failure: Error, Sendable, Equatable {
        /// What is wrong.
        public var reason: String
        /// The 1-based line, when known.
        public var line: Int?
        /// Whether the catalog holds text no list may carry (a control character, see
        /// `OperatorText`) rather than JSON Xcode could not read: loaders stop on it.
        public var isRefusal = false
    }

    /// Parses the bytes of a `.xcstrings` file (a leading UTF-8 byte order mark is skipped, as
    /// Xcode does). A string holding a control character other than tab, line feed and carriage
    /// return is refused with its line.
    public static func parse(_ bytes: [UInt8]) throws(Failure) -> StringCatalog {
        let body = ByteOrderMark.removed(from: bytes)
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw Failure(reason: "is not valid JSON (\(error))")
        }
        if let found = OperatorText.firstRefused(inJSON: body) {
            throw Failure(reason: "has a string that \(OperatorText.reason(found.scalar))", line: found.line, isRefusal: true)
        }
        guard let object = root.objectValue else { throw Failure(reason: "has a JSON \(root.typeName) at its root, not an object") }
        guard let source = object["sourceLanguage"]?.stringValue, !source.isEmpty else {
            throw Failure(reason: "has no \"sourceLanguage\" string")
        }
        let sourceLanguage = source.replacingOccurrences(of: "_", with: "-")
        guard LanguageRange.isWellFormedTag(sourceLanguage) else {
            throw Failure(reason: "\"sourceLanguage\" \"\(source)\" is not a language tag")
        }
        let strings: [String: JSONValue]
        switch object["strings"] {
        case nil: strings = [:]
        case .object(let entries)?: strings = entries
        case let other?: throw Failure(reason: "\"strings\" is a JSON \(other.typeName), not an object")
        }
        var tables: [String: [String: String]] = [sourceLanguage: [:]]
        for (key, entry) in strings {
            guard let fields = entry.objectValue else {
                throw Failure(reason: "the entry for key \"\(key)\" is a JSON \(entry.typeName), not an object")
            }
            tables[sourceLanguage, default: [:]][key] = key
            guard let localizations = fields["localizations"] else { continue }
            guard let byLanguage = localizations.objectValue else {
                throw Failure(reason: "\"localizations\" of key \"\(key)\" is a JSON \(localizations.typeName), not an object")
            }
            for (language, localization) in byLanguage {
                let tag = language.replacingOccurrences(of: "_", with: "-")
                guard LanguageRange.isWellFormedTag(tag) else {
                    throw Failure(reason: "key \"\(key)\" has a localization \"\(language)\" that is not a language tag")
                }
                guard case .string(let value)? = localization.objectValue?["stringUnit"]?.objectValue?["value"] else { continue }
                tables[tag, default: [:]][key] = value
            }
        }
        return StringCatalog(sourceLanguage: sourceLanguage, tables: tables)
    }
}
