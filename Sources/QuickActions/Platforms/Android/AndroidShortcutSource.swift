import Foundation

/// An Android app's `shortcuts.xml` and `res/` strings read as the service's source: the static
/// items (as an Info.plist would give them) and their translations, so that an Android-first
/// app gets the iOS list and the web member from the files it already has.
///
/// Each `<shortcut>` becomes a static item: its type is its id (or the type whose mapping `id`
/// is that id); its title is the long label's string name if it has one, else the short
/// label's (a key of the tables, as iOS reads titles); no subtitle; the icon type whose
/// drawable is `qa_icon_<type>`, else none; `userInfo` the last intent's extras; `enabled` and
/// the disabled message's string name kept; everything else in `ShortcutItem.android`. The
/// tables are `AndroidStringResources.catalog(defaultLanguage:)`, `values/` being written in
/// `developmentLanguage`.
public struct AndroidShortcutSource: Sendable {
    /// The static items and the development language.
    public var configuration: StaticShortcutConfiguration
    /// The translations, keyed by string name.
    public var catalog: LocalizationCatalog
    /// The string resources as read.
    public var strings: AndroidStringResources

    /// The `res/` folder of a shortcuts file at `res/xml*/shortcuts.xml`, or nil.
    public static func resDirectory(forShortcutsPath path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        guard (folder as NSString).lastPathComponent.hasPrefix("xml") else { return nil }
        return (folder as NSString).deletingLastPathComponent
    }

    /// Whether the file at `path` is an Android shortcuts file: XML whose root is `<shortcuts>`,
    /// or a `.xml` file that is empty or is not a property list (so that a malformed one gets
    /// this reader's error, with its line, rather than the property list reader's).
    public static func isShortcutsFile(path: String) -> Bool {
        guard let bytes = try? FileContents.read(path: path) else { return false }
        if AndroidShortcutsFile.isShortcutsFile(bytes) { return true }
        guard path.lowercased().hasSuffix(".xml") else { return false }
        let body = ByteOrderMark.removed(from: bytes)
        guard let first = body.first(where: { !XMLReader.isSpace($0) }) else { return true }
        return first == UInt8(ascii: "<") && body.firstRange(of: Array("<plist".utf8)) == nil
    }

    /// Reads `shortcutsPath` and the strings of `resDirectory` (default: the `res/` folder the
    /// shortcuts file is in). Throws every problem found: in the XML, in the shortcuts, and a
    /// label whose `@string/` no `values/` file defines.
    public static func load(
        shortcutsPath: String, resDirectory: String? = nil, developmentLanguage: String = "en", mapping: AndroidMapping? = nil
    ) throws(AndroidSourceError) -> AndroidShortcutSource {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: shortcutsPath)
        } catch {
            throw AndroidSourceError(AndroidSourceProblem(kind: .unreadable, file: shortcutsPath, reason: error.reason))
        }
        let entries = try AndroidShortcutsFile.parse(bytes, file: shortcutsPath)
        guard let directory = resDirectory ?? Self.resDirectory(forShortcutsPath: shortcutsPath) else {
            throw AndroidSourceError(
                AndroidSourceProblem(
                    kind: .unreadable, file: shortcutsPath, reason: "is not in a res/xml folder; name the res/ folder with --localizations"))
        }
        let strings = try AndroidStringResources.load(resDirectory: directory)
        return try make(entries: entries, strings: strings, file: shortcutsPath, developmentLanguage: developmentLanguage, mapping: mapping)
    }

    /// The source for shortcuts and strings already read; `file` names the shortcuts file.
    public static func make(
        entries: [AndroidShortcutsFile.Entry], strings: AndroidStringResources, file: String, developmentLanguage: String = "en",
        mapping: AndroidMapping? = nil
    ) throws(AndroidSourceError) -> AndroidShortcutSource {
        var problems: [AndroidSourceProblem] = []
        var items: [ShortcutItem] = []
        let iconTypes = Dictionary(uniqueKeysWithValues: ShortcutIconType.allCases.map { (AndroidResourceExport.iconName(for: $0), $0) })
        for entry in entries {
            let details = entry.details
            for (attribute, reference) in [
                ("shortcutShortLabel", details.shortLabel), ("shortcutLongLabel", details.longLabel),
                ("shortcutDisabledMessage", details.disabledMessage),
            ] {
                guard let reference, strings.entry(reference.name, language: nil) == nil else { continue }
                let reason: String
                if reference.package != nil {
                    reason = "android:\(attribute) names \(reference), a string of another package, whose text is not in this res/ folder"
                } else if let problem = strings.problem(for: reference.name, language: nil) {
                    reason = "android:\(attribute) names \(reference), which cannot be read (\(problem))"
                } else {
                    reason = "android:\(attribute) names \(reference), which no values/ file defines"
                }
                problems.append(AndroidSourceProblem(kind: .undefinedString, file: file, line: entry.line, shortcutID: details.id, reason: reason))
            }
            let type =
                mapping?.items.first { $0.value.id.map { $0.keys.isEmpty && $0.description == details.id } ?? false }?.key ?? details.id
            var userInfo: [String: PropertyListValue] = [:]
            for extra in details.intents.last?.extras ?? [] { userInfo[extra.name] = extra.value.propertyListValue }
            let icon = details.icon.flatMap { $0.type == "drawable" ? iconTypes[$0.name] : nil }.map(ShortcutIcon.type)
            items.append(
                ShortcutItem(
                    type: type, localizedTitle: (details.longLabel ?? details.shortLabel).name, icon: icon,
                    userInfo: userInfo.isEmpty ? nil : userInfo,
                    kind: .static, visible: entry.enabled, enabled: entry.enabled, disabledMessage: details.disabledMessage?.name, android: details))
        }
        guard problems.isEmpty else { throw AndroidSourceError(problems: problems) }
        do {
            try StaticShortcutConfiguration.checkUniqueTypes(items, source: file)
        } catch {
            throw AndroidSourceError(AndroidSourceProblem(kind: .duplicateID, file: file, reason: error.reason))
        }
        let configuration = StaticShortcutConfiguration(
            staticItems: items, appName: strings.text("app_name", language: nil), developmentRegion: developmentLanguage)
        return AndroidShortcutSource(configuration: configuration, catalog: strings.catalog(defaultLanguage: developmentLanguage), strings: strings)
    }
}
