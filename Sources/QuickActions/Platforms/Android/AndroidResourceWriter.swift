/// Builds the files of `AndroidResourceExport`, one item at a time.
struct AndroidResourceWriter {
    /// Where a label's text comes from.
    enum LabelSource: Equatable {
        /// A key of the translation tables, or text (iOS's reading of a title).
        case key(String)
        /// A string name of the tables (an Android source's, or a mapping's `@string/name`).
        case stringName(String)
    }

    /// A string of the strings file: its text in the development language and in each other one.
    struct StringResource: Equatable {
        var name: String
        var defaultText: String
        var texts: [String: String]
        /// The item it was first written for, for errors.
        var itemIndex: Int
        var type: String
    }

    let catalog: LocalizationCatalog
    let developmentLanguage: String
    let developmentTable: [String: String]?
    /// The other languages: tag, folder suffix, table.
    var languages: [(tag: String, folder: String, table: [String: String])] = []
    let mapping: AndroidMapping?
    let glyph: ((ShortcutIconType) -> String?)?
    var shortcutElements: [String] = []
    var strings: [StringResource] = []
    var icons: [ShortcutIconType] = []
    var languageError: PlatformExportError?

    init(catalog: LocalizationCatalog, developmentRegion: String, mapping: AndroidMapping?, glyph: ((ShortcutIconType) -> String?)?) {
        self.catalog = catalog
        let development = catalog.resolve(negotiated: nil, developmentRegion: developmentRegion)
        developmentLanguage = development.language
        developmentTable = development.table
        self.mapping = mapping
        self.glyph = glyph
        for tag in catalog.languages where tag.lowercased() != development.language.lowercased() {
            do {
                languages.append((tag, try AndroidResourceQualifier.folderSuffix(forLanguageTag: tag), catalog.tables[tag] ?? [:]))
            } catch {
                languageError = languageError ?? PlatformExportError(platform: .android, language: tag, reason: error.reason)
            }
        }
    }

    /// Writes `item`'s `<shortcut>` and registers its strings and icon.
    mutating func add(_ item: ShortcutItem, index: Int) throws(PlatformExportError) {
        if let languageError { throw languageError }
        let draft = ShortcutDraft(item: item, index: index, itemMapping: mapping?.items[item.type])
        let id = try draft.id()
        let labels = try registerLabels(of: draft, base: Self.resourceBase(id))
        var lines = ["    <shortcut"] + (try shortcutAttributes(of: draft, id: id, labels: labels))
        lines[lines.count - 1] += ">"
        lines += try intentElements(of: draft)
        lines += try draft.categoryAndCapabilityElements()
        lines.append("    </shortcut>")
        shortcutElements.append(lines.joined(separator: "\n"))
    }

    /// A float's text that `aapt` reads as a float, never as an integer (`2.0`, not `2`).
    static func floatText(_ value: Float) -> String {
        let text = "\(value)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    /// The string name for `label`, registering its texts: a source name as it is, a generated
    /// one made unique when another label already took it with other texts.
    mutating func register(_ label: LabelSource, generatedName: String, index: Int, type: String) throws(PlatformExportError) -> String {
        let defaultText: String
        var texts: [String: String] = [:]
        let name: String
        switch label {
        case .key(let key):
            defaultText = developmentTable?[key] ?? key
            for language in languages { texts[language.tag] = language.table[key] ?? key }
            name = generatedName
        case .stringName(let stringName):
            guard let text = developmentTable?[stringName] else {
                throw PlatformExportError(
                    platform: .android, itemIndex: index, type: type, language: developmentLanguage,
                    reason: "@string/\(stringName) is not defined in the development language's table")
            }
            defaultText = text
            for language in languages { texts[language.tag] = language.table[stringName] ?? text }
            name = stringName
        }
        var candidate = name
        var suffix = 2
        while let existing = strings.first(where: { $0.name == candidate }) {
            if existing.defaultText == defaultText && existing.texts == texts { return candidate }
            guard case .key = label else { return candidate }
            candidate = "\(name)_\(suffix)"
            suffix += 1
        }
        strings.append(StringResource(name: candidate, defaultText: defaultText, texts: texts, itemIndex: index, type: type))
        return candidate
    }

    /// `qa_shortcut_` and `id` reduced to lower-case letters, digits and `_`.
    static func resourceBase(_ id: String) -> String {
        var base = "qa_shortcut_"
        var lastWasUnderscore = true
        for scalar in id.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                base.unicodeScalars.append(scalar)
                lastWasUnderscore = false
            } else if !lastWasUnderscore {
                base += "_"
                lastWasUnderscore = true
            }
        }
        while base.hasSuffix("_") { base.removeLast() }
        return base
    }

    /// Every file, sorted by path.
    func files() throws(PlatformExportError) -> [AndroidResourceExport.File] {
        if let languageError { throw languageError }
        var files: [AndroidResourceExport.File] = []
        // The marker line first: no XML declaration may come before it, and UTF-8 is XML's default.
        let header = AndroidResourceExport.marker + "\n"
        let shortcuts =
            header + "<shortcuts xmlns:android=\"\(AndroidText.androidNamespace)\">\n"
            + shortcutElements.map { $0 + "\n" }.joined() + "</shortcuts>\n"
        files.append(.init(path: "res/xml/shortcuts.xml", bytes: Array(shortcuts.utf8)))

        func stringsFile(_ entries: [(StringResource, String)], language: String?) throws(PlatformExportError) -> [UInt8] {
            var text = header + "<resources>\n"
            for (resource, value) in entries {
                let content: (content: String, hasPercent: Bool)
                do {
                    content = try AndroidText.stringContent(value)
                } catch {
                    throw PlatformExportError(
                        platform: .android, itemIndex: resource.itemIndex, type: resource.type, language: language ?? developmentLanguage,
                        reason: "the text of @string/\(resource.name) \(error.reason)")
                }
                let formatted = content.hasPercent ? " formatted=\"false\"" : ""
                text += "    <string name=\"\(resource.name)\"\(formatted)>\(content.content)</string>\n"
            }
            return Array((text + "</resources>\n").utf8)
        }
        files.append(
            .init(
                path: "res/values/\(AndroidResourceExport.stringsFileName)",
                bytes: try stringsFile(strings.map { ($0, $0.defaultText) }, language: nil)))
        for language in languages {
            let differing = strings.compactMap { resource -> (StringResource, String)? in
                guard let text = resource.texts[language.tag], text != resource.defaultText else { return nil }
                return (resource, text)
            }
            guard !differing.isEmpty else { continue }
            files.append(
                .init(
                    path: "res/values-\(language.folder)/\(AndroidResourceExport.stringsFileName)",
                    bytes: try stringsFile(differing, language: language.tag)))
        }
        for type in icons {
            guard let markup = glyph?(type) else { continue }
            let drawable: String
            do {
                drawable = try AndroidVectorDrawable.xml(glyph: markup)
            } catch {
                throw PlatformExportError(platform: .android, reason: "the glyph of the icon type \(type.rawValue) \(error.reason)")
            }
            let path = "res/drawable/\(AndroidResourceExport.iconName(for: type)).xml"
            files.append(.init(path: path, bytes: Array((header + drawable).utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }
}
