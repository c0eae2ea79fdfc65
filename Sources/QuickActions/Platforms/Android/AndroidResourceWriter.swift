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
        func failure(_ reason: String, language: String? = nil) -> PlatformExportError {
            PlatformExportError(platform: .android, itemIndex: index, type: item.type, language: language, reason: reason)
        }
        let itemMapping = mapping?.items[item.type]
        let details = item.android
        var id = AndroidShortcutList.defaultID(for: item)
        if let template = itemMapping?.id {
            switch template.expand(item.userInfo, encoding: .verbatim) {
            case .success(let text): id = text
            case .failure(let error): throw failure("the mapping's id \"\(template)\" cannot be filled: \(error.reason)")
            }
        }
        let base = Self.resourceBase(id)

        func source(_ label: String) -> LabelSource { PlatformLabel.stringName(label).map(LabelSource.stringName) ?? .key(label) }
        let title: LabelSource = .key(item.localizedTitle)
        let shortSource = itemMapping?.shortLabel.map(source) ?? details.map { .stringName($0.shortLabel.name) } ?? title
        let longSource = itemMapping?.longLabel.map(source) ?? details.map { $0.longLabel.map { .stringName($0.name) } } ?? title
        // An Android source's disabled message keeps its string name; another is a key or text.
        let sourceMessage = details?.disabledMessage.flatMap { $0.name == item.disabledMessage ? LabelSource.stringName($0.name) : nil }
        let disabledSource = itemMapping?.disabledMessage.map(source) ?? sourceMessage ?? item.disabledMessage.map { LabelSource.key($0) }
        func name(_ label: LabelSource, role: String) throws(PlatformExportError) -> String {
            let generated = label == title ? "\(base)_title" : "\(base)_\(role)"
            return try register(label, generatedName: generated, index: index, type: item.type)
        }
        let shortName = try name(shortSource, role: "short")
        if strings.first(where: { $0.name == shortName })?.defaultText.isEmpty == true { throw failure("the short label is empty") }
        let longName = try longSource.map { (label) throws(PlatformExportError) in try name(label, role: "long") }
        let disabledName = try disabledSource.map { (label) throws(PlatformExportError) in try name(label, role: "disabled") }

        var lines = ["    <shortcut"]
        func attribute(_ name: String, _ value: String, indent: String = "        ") { lines.append("\(indent)android:\(name)=\"\(value)\"") }
        func literal(_ text: String, typed: Bool = false) throws(PlatformExportError) -> String {
            do {
                return try AndroidText.attributeValue(text, typed: typed)
            } catch {
                throw failure(error.reason)
            }
        }
        attribute("shortcutId", try literal(id))
        attribute("enabled", item.enabled ? "true" : "false")
        if let icon = itemMapping?.icon {
            attribute("icon", "@drawable/\(icon)")
        } else if let icon = details?.icon {
            attribute("icon", icon.description)
        } else if case .type(let type)? = item.icon, glyph?(type) != nil {
            if !icons.contains(type) { icons.append(type) }
            attribute("icon", "@drawable/\(AndroidResourceExport.iconName(for: type))")
        }
        attribute("shortcutShortLabel", "@string/\(shortName)")
        if let longName { attribute("shortcutLongLabel", "@string/\(longName)") }
        if let disabledName { attribute("shortcutDisabledMessage", "@string/\(disabledName)") }
        for other in details?.otherAttributes ?? [] { attribute(other.name, XMLText.escaped(other.value)) }
        lines[lines.count - 1] += ">"

        var intents = details?.intents ?? []
        var last = intents.popLast() ?? AndroidIntent(action: nil)
        if details == nil {
            for (key, value) in (item.userInfo ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let extra = AndroidExtraValue(staticUserInfo: value) else {
                    throw failure("userInfo \"\(key)\" does not fit an extra of shortcuts.xml (a 32-bit int or float)")
                }
                last.extras.append(AndroidExtra(name: key, value: extra))
            }
        }
        var unfilled: String?
        AndroidShortcutList.apply(itemMapping, file: mapping, to: &last, userInfo: item.userInfo) { unfilled = $0 }
        if let unfilled { throw failure("the mapping's data cannot be filled: \(unfilled)") }
        for intent in intents + [last] { try lines += intentElement(intent, failure: failure) }
        for category in itemMapping?.categories ?? details?.categories ?? [] {
            lines.append("        <categories android:name=\"\(try literal(category))\"/>")
        }
        for binding in details?.capabilityBindings ?? [] {
            let key = "        <capability-binding android:key=\"\(try literal(binding.key))\""
            guard !binding.parameterBindings.isEmpty else {
                lines.append(key + "/>")
                continue
            }
            lines.append(key + ">")
            for parameter in binding.parameterBindings {
                let attributes = parameter.map { " android:\($0.name)=\"\(XMLText.escaped($0.value))\"" }.joined()
                lines.append("            <parameter-binding\(attributes)/>")
            }
            lines.append("        </capability-binding>")
        }
        lines.append("    </shortcut>")
        shortcutElements.append(lines.joined(separator: "\n"))
    }

    /// An `<intent>` element with its `<extra>`s, as lines.
    func intentElement(_ intent: AndroidIntent, failure: (String, String?) -> PlatformExportError) throws(PlatformExportError) -> [String] {
        func literal(_ text: String, typed: Bool = false) throws(PlatformExportError) -> String {
            do {
                return try AndroidText.attributeValue(text, typed: typed)
            } catch {
                throw failure(error.reason, nil)
            }
        }
        var lines = ["        <intent"]
        let fields = [
            ("action", intent.action ?? AndroidShortcutList.defaultAction), ("targetPackage", intent.targetPackage),
            ("targetClass", intent.targetClass),
            ("data", intent.data), ("mimeType", intent.mimeType),
        ]
        for case (let name, let value?) in fields { lines.append("            android:\(name)=\"\(try literal(value))\"") }
        for other in intent.otherAttributes { lines.append("            android:\(other.name)=\"\(XMLText.escaped(other.value))\"") }
        guard !intent.extras.isEmpty else {
            lines[lines.count - 1] += "/>"
            return lines
        }
        lines[lines.count - 1] += ">"
        for extra in intent.extras {
            let value: String
            switch extra.value {
            case .string(let text): value = try literal(text, typed: true)
            case .boolean(let flag): value = flag ? "true" : "false"
            case .int(let integer): value = String(integer)
            case .long(let integer):
                guard let small = Int32(exactly: integer) else {
                    throw failure("the extra \"\(extra.name)\" (\(integer)) does not fit a 32-bit int", nil)
                }
                value = String(small)
            case .float(let real):
                guard real.isFinite else { throw failure("the extra \"\(extra.name)\" is not a finite number", nil) }
                value = Self.floatText(real)
            case .double(let real):
                guard let single = Float(exactly: real), single.isFinite else {
                    throw failure("the extra \"\(extra.name)\" (\(real)) is not a 32-bit float exactly", nil)
                }
                value = Self.floatText(single)
            }
            lines.append("            <extra android:name=\"\(try literal(extra.name))\" android:value=\"\(value)\"/>")
        }
        lines.append("        </intent>")
        return lines
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
