/// The parts of one item's `<shortcut>` element: its id, its labels' string names, its
/// attributes, its intents, its categories and capability bindings.
extension AndroidResourceWriter {
    /// One item on its way to a `<shortcut>`: the item, its entry in the mapping file, its
    /// Android source's details, and how its errors read.
    struct ShortcutDraft {
        let item: ShortcutItem
        let index: Int
        let itemMapping: AndroidItemMapping?
        /// The Android source's attributes, intents and bindings, for an item read from one.
        var details: AndroidShortcutDetails? { item.android }

        /// An export error about this item.
        func failure(_ reason: String, language: String? = nil) -> PlatformExportError {
            PlatformExportError(platform: .android, itemIndex: index, type: item.type, language: language, reason: reason)
        }

        /// `text` as an attribute value `aapt` reads as that text.
        func literal(_ text: String, typed: Bool = false) throws(PlatformExportError) -> String {
            do {
                return try AndroidText.attributeValue(text, typed: typed)
            } catch {
                throw failure(error.reason)
            }
        }

        /// The shortcut's id: the mapping's template filled from `userInfo`, else the default.
        func id() throws(PlatformExportError) -> String {
            guard let template = itemMapping?.id else { return AndroidShortcutList.defaultID(for: item) }
            switch template.expand(item.userInfo, encoding: .verbatim) {
            case .success(let text): return text
            case .failure(let error): throw failure("the mapping's id \"\(template)\" cannot be filled: \(error.reason)")
            }
        }

        /// The `<categories>` and `<capability-binding>` elements, as lines.
        func categoryAndCapabilityElements() throws(PlatformExportError) -> [String] {
            var lines: [String] = []
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
            return lines
        }
    }

    /// The string names of an item's labels.
    struct LabelNames {
        var short: String
        var long: String?
        var disabled: String?
    }

    /// Registers the item's short and long labels and disabled message (the mapping's, else the
    /// Android source's, else the title or the item's message) and gives their string names.
    mutating func registerLabels(of draft: ShortcutDraft, base: String) throws(PlatformExportError) -> LabelNames {
        let item = draft.item
        func source(_ label: String) -> LabelSource { PlatformLabel.stringName(label).map(LabelSource.stringName) ?? .key(label) }
        let title: LabelSource = .key(item.localizedTitle)
        let shortSource = draft.itemMapping?.shortLabel.map(source) ?? draft.details.map { .stringName($0.shortLabel.name) } ?? title
        let longSource =
            draft.itemMapping?.longLabel.map(source) ?? draft.details.map { $0.longLabel.map { .stringName($0.name) } } ?? title
        // An Android source's disabled message keeps its string name; another is a key or text.
        let sourceMessage = draft.details?.disabledMessage.flatMap { $0.name == item.disabledMessage ? LabelSource.stringName($0.name) : nil }
        let disabledSource = draft.itemMapping?.disabledMessage.map(source) ?? sourceMessage ?? item.disabledMessage.map { LabelSource.key($0) }
        func name(_ label: LabelSource, role: String) throws(PlatformExportError) -> String {
            let generated = label == title ? "\(base)_title" : "\(base)_\(role)"
            return try register(label, generatedName: generated, index: draft.index, type: item.type)
        }
        let shortName = try name(shortSource, role: "short")
        if strings.first(where: { $0.name == shortName })?.defaultText.isEmpty == true { throw draft.failure("the short label is empty") }
        let longName = try longSource.map { (label) throws(PlatformExportError) in try name(label, role: "long") }
        let disabledName = try disabledSource.map { (label) throws(PlatformExportError) in try name(label, role: "disabled") }
        return LabelNames(short: shortName, long: longName, disabled: disabledName)
    }

    /// The `<shortcut>` element's attributes, one line each, registering the item's icon when
    /// its drawable is one of ours.
    mutating func shortcutAttributes(of draft: ShortcutDraft, id: String, labels: LabelNames) throws(PlatformExportError) -> [String] {
        var lines: [String] = []
        func attribute(_ name: String, _ value: String) { lines.append("        android:\(name)=\"\(value)\"") }
        attribute("shortcutId", try draft.literal(id))
        attribute("enabled", draft.item.enabled ? "true" : "false")
        if let icon = draft.itemMapping?.icon {
            attribute("icon", "@drawable/\(icon)")
        } else if let icon = draft.details?.icon {
            attribute("icon", icon.description)
        } else if case .type(let type)? = draft.item.icon, glyph?(type) != nil {
            if !icons.contains(type) { icons.append(type) }
            attribute("icon", "@drawable/\(AndroidResourceExport.iconName(for: type))")
        }
        attribute("shortcutShortLabel", "@string/\(labels.short)")
        if let long = labels.long { attribute("shortcutLongLabel", "@string/\(long)") }
        if let disabled = labels.disabled { attribute("shortcutDisabledMessage", "@string/\(disabled)") }
        for other in draft.details?.otherAttributes ?? [] { attribute(other.name, XMLText.escaped(other.value)) }
        return lines
    }

    /// The item's `<intent>` elements, as lines: the Android source's, the last with the
    /// mapping's fields over it; for an item of no Android source, one intent whose extras are
    /// its `userInfo`.
    func intentElements(of draft: ShortcutDraft) throws(PlatformExportError) -> [String] {
        var intents = draft.details?.intents ?? []
        var last = intents.popLast() ?? AndroidIntent(action: nil)
        if draft.details == nil {
            for (key, value) in (draft.item.userInfo ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let extra = AndroidExtraValue(staticUserInfo: value) else {
                    throw draft.failure("userInfo \"\(key)\" does not fit an extra of shortcuts.xml (a 32-bit int or float)")
                }
                last.extras.append(AndroidExtra(name: key, value: extra))
            }
        }
        var unfilled: String?
        AndroidShortcutList.apply(draft.itemMapping, file: mapping, to: &last, userInfo: draft.item.userInfo) { unfilled = $0 }
        if let unfilled { throw draft.failure("the mapping's data cannot be filled: \(unfilled)") }
        var lines: [String] = []
        for intent in intents + [last] { lines += try intentElement(intent, of: draft) }
        return lines
    }

    /// An `<intent>` element with its `<extra>`s, as lines.
    func intentElement(_ intent: AndroidIntent, of draft: ShortcutDraft) throws(PlatformExportError) -> [String] {
        var lines = ["        <intent"]
        let fields = [
            ("action", intent.action ?? AndroidShortcutList.defaultAction), ("targetPackage", intent.targetPackage),
            ("targetClass", intent.targetClass),
            ("data", intent.data), ("mimeType", intent.mimeType),
        ]
        for case (let name, let value?) in fields { lines.append("            android:\(name)=\"\(try draft.literal(value))\"") }
        for other in intent.otherAttributes { lines.append("            android:\(other.name)=\"\(XMLText.escaped(other.value))\"") }
        guard !intent.extras.isEmpty else {
            lines[lines.count - 1] += "/>"
            return lines
        }
        lines[lines.count - 1] += ">"
        for extra in intent.extras {
            let value = try extraValue(extra, of: draft)
            lines.append("            <extra android:name=\"\(try draft.literal(extra.name))\" android:value=\"\(value)\"/>")
        }
        lines.append("        </intent>")
        return lines
    }

    /// An `<extra>`'s value as `aapt` reads it: numbers that fit 32 bits, floats that are finite.
    func extraValue(_ extra: AndroidExtra, of draft: ShortcutDraft) throws(PlatformExportError) -> String {
        switch extra.value {
        case .string(let text): return try draft.literal(text, typed: true)
        case .boolean(let flag): return flag ? "true" : "false"
        case .int(let integer): return String(integer)
        case .long(let integer):
            guard let small = Int32(exactly: integer) else {
                throw draft.failure("the extra \"\(extra.name)\" (\(integer)) does not fit a 32-bit int")
            }
            return String(small)
        case .float(let real):
            guard real.isFinite else { throw draft.failure("the extra \"\(extra.name)\" is not a finite number") }
            return Self.floatText(real)
        case .double(let real):
            guard let single = Float(exactly: real), single.isFinite else {
                throw draft.failure("the extra \"\(extra.name)\" (\(real)) is not a 32-bit float exactly")
            }
            return Self.floatText(single)
        }
    }
}
