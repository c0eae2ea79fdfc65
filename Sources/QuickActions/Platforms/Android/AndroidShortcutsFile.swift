/// Reads an Android `res/xml/shortcuts.xml` (or `res/xml-v25/shortcuts.xml`): the static
/// shortcuts of an app, as Android's `ShortcutParser` reads them, but stricter: what Android
/// would skip with a log line (no id, no short label, a label that is not a string resource, a
/// duplicate id, an enabled shortcut without an intent) is a problem naming the line and id.
///
/// Elements are matched by their local name, whatever their namespace: Android's parser
/// compares only `XmlPullParser.getName()`, and aapt compiles a root with a default namespace
/// (`<shortcuts xmlns="…">`), so such a file works on a device and is read here too.
public enum AndroidShortcutsFile {
    /// One `<shortcut>`, as the file says it.
    public struct Entry: Sendable, Equatable {
        /// Its id, labels (as references), icon, intents, categories and bindings.
        public var details: AndroidShortcutDetails
        /// `android:enabled` (true when absent).
        public var enabled: Bool
        /// The line of its `<shortcut` tag.
        public var line: Int
    }

    /// Whether `bytes` look like a shortcuts file: well-formed XML whose root is `<shortcuts>`.
    public static func isShortcutsFile(_ bytes: [UInt8]) -> Bool {
        guard let root = try? XMLReader.parse(bytes) else { return false }
        return root.name.localName == "shortcuts"
    }

    /// The shortcuts in `bytes`, in file order; `file` names the file in problems. Every problem
    /// found is thrown at once.
    public static func parse(_ bytes: [UInt8], file: String) throws(AndroidSourceError) -> [Entry] {
        let root: XMLElement
        do {
            root = try XMLReader.parse(bytes)
        } catch {
            throw AndroidSourceError(AndroidSourceProblem(kind: .malformed, file: file, line: error.line, reason: error.reason))
        }
        guard root.name.localName == "shortcuts" else {
            throw AndroidSourceError(
                AndroidSourceProblem(
                    kind: .notShortcuts, file: file, line: root.line, reason: "has <\(root.name.qualified)> at its root, not <shortcuts>"))
        }
        var problems: [AndroidSourceProblem] = []
        var entries: [Entry] = []
        var lineOfID: [String: Int] = [:]
        for element in root.elements where element.name.localName == "shortcut" {
            var reader = ShortcutElementReader(file: file, element: element)
            let entry = reader.entry()
            problems += reader.problems
            guard let entry else { continue }
            if let earlier = lineOfID[entry.details.id] {
                problems.append(
                    AndroidSourceProblem(
                        kind: .duplicateID, file: file, line: element.line, shortcutID: entry.details.id,
                        reason: "uses the id of the shortcut on line \(earlier); ids must be unique"))
                continue
            }
            lineOfID[entry.details.id] = element.line
            entries.append(entry)
        }
        guard problems.isEmpty else { throw AndroidSourceError(problems: problems) }
        return entries
    }
}

/// Reads one `<shortcut>` element, gathering its problems.
private struct ShortcutElementReader {
    let file: String
    let element: XMLElement
    var problems: [AndroidSourceProblem] = []
    var id: String?

    init(file: String, element: XMLElement) {
        self.file = file
        self.element = element
    }

    mutating func problem(_ kind: AndroidSourceProblem.Kind, _ reason: String, line: Int? = nil) {
        problems.append(AndroidSourceProblem(kind: kind, file: file, line: line ?? element.line, shortcutID: id, reason: reason))
    }

    func android(_ name: String, in element: XMLElement) -> String? {
        element.attribute(name, namespace: AndroidText.androidNamespace)?.value
    }

    /// The text of a literal attribute, its escapes read.
    mutating func literal(_ raw: String, attribute: String, line: Int? = nil) -> String? {
        let text: String
        do {
            text = try AndroidText.attributeText(raw)
        } catch {
            problem(.invalidValue, "android:\(attribute) \(error.reason)", line: line)
            return nil
        }
        if let refused = OperatorText.problem(in: text) {
            problem(.invalidValue, "android:\(attribute) \(refused)", line: line)
            return nil
        }
        return text
    }

    mutating func entry() -> AndroidShortcutsFile.Entry? {
        let problemsBefore = problems.count
        if let raw = android("shortcutId", in: element) {
            if raw.hasPrefix("@") || raw.hasPrefix("?") {
                problem(.wrongValueKind, "android:shortcutId is \"\(raw)\", a resource; Android demands a string literal")
            } else if let text = literal(raw, attribute: "shortcutId") {
                if text.isEmpty { problem(.missingAttribute, "android:shortcutId is empty") } else { id = text }
            }
        } else {
            problem(.missingAttribute, "has no android:shortcutId")
        }
        let shortLabel = label("shortcutShortLabel", required: true)
        let longLabel = label("shortcutLongLabel", required: false)
        let disabledMessage = label("shortcutDisabledMessage", required: false)
        let icon = iconReference()
        var enabled = true
        if let raw = android("enabled", in: element) {
            switch raw.lowercased() {
            case "true": enabled = true
            case "false": enabled = false
            default: problem(.invalidValue, "android:enabled is \"\(raw)\"; true or false is read")
            }
        }
        var intents: [AndroidIntent] = []
        var categories: [String] = []
        var bindings: [AndroidCapabilityBinding] = []
        for child in element.elements {
            switch child.name.localName {
            case "intent": if let intent = intent(child, enabled: enabled) { intents.append(intent) }
            case "categories":
                if let raw = android("name", in: child), let name = literal(raw, attribute: "name", line: child.line) { categories.append(name) }
            case "capability-binding": bindings.append(binding(child))
            default: continue
            }
        }
        if enabled && intents.isEmpty { problem(.missingAttribute, "has no <intent>; Android skips an enabled shortcut without one") }
        let modeled: Set<String> = ["shortcutId", "shortcutShortLabel", "shortcutLongLabel", "shortcutDisabledMessage", "icon", "enabled"]
        let others = element.attributes.filter { $0.name.namespaceURI == AndroidText.androidNamespace && !modeled.contains($0.name.localName) }
        guard problems.count == problemsBefore, let id, let shortLabel else { return nil }
        let details = AndroidShortcutDetails(
            id: id, shortLabel: shortLabel, longLabel: longLabel, disabledMessage: disabledMessage, icon: icon, intents: intents,
            categories: categories, capabilityBindings: bindings,
            otherAttributes: others.map { AndroidRawAttribute(name: $0.name.localName, value: $0.value) })
        return AndroidShortcutsFile.Entry(details: details, enabled: enabled, line: element.line)
    }

    /// A label attribute, which Android demands be a string resource.
    mutating func label(_ attribute: String, required: Bool) -> AndroidResourceReference? {
        guard let raw = android(attribute, in: element) else {
            if required { problem(.missingAttribute, "has no android:\(attribute)") }
            return nil
        }
        guard raw.hasPrefix("@") || raw.hasPrefix("?") else {
            problem(.wrongValueKind, "android:\(attribute) is the literal \"\(raw)\"; Android demands a string resource (@string/…)")
            return nil
        }
        guard let reference = AndroidResourceReference(raw), !reference.isAttribute, reference.type == "string" else {
            problem(.wrongValueKind, "android:\(attribute) is \"\(raw)\", not a string resource (@string/…)")
            return nil
        }
        return reference
    }

    mutating func iconReference() -> AndroidResourceReference? {
        guard let raw = android("icon", in: element) else { return nil }
        guard let reference = AndroidResourceReference(raw), !reference.isAttribute else {
            problem(.wrongValueKind, "android:icon is \"\(raw)\", not a drawable resource (@drawable/…)")
            return nil
        }
        return reference
    }

    mutating func intent(_ element: XMLElement, enabled: Bool) -> AndroidIntent? {
        func attribute(_ name: String) -> String? {
            android(name, in: element).flatMap { literal($0, attribute: name, line: element.line) }
        }
        let action = attribute("action")
        if enabled && (action ?? "").isEmpty {
            problem(.missingAttribute, "has an <intent> without android:action", line: element.line)
        }
        var extras: [AndroidExtra] = []
        for extra in element.elements where extra.name.localName == "extra" {
            guard let rawName = android("name", in: extra), let name = literal(rawName, attribute: "name", line: extra.line) else {
                problem(.missingAttribute, "has an <extra> without android:name", line: extra.line)
                continue
            }
            guard let raw = android("value", in: extra) else {
                problem(.missingAttribute, "has the <extra> \"\(name)\" without android:value", line: extra.line)
                continue
            }
            do {
                let value = try AndroidExtraValue.parse(attribute: raw)
                if case .string(let text) = value.propertyListValue, let refused = OperatorText.problem(in: text) {
                    problem(.invalidValue, "the <extra> \"\(name)\": android:value \(refused)", line: extra.line)
                    continue
                }
                extras.append(AndroidExtra(name: name, value: value))
            } catch {
                problem(.invalidValue, "the <extra> \"\(name)\": \(error.reason)", line: extra.line)
            }
        }
        let modeled: Set<String> = ["action", "data", "mimeType", "targetPackage", "targetClass"]
        let others = element.attributes.filter { $0.name.namespaceURI == AndroidText.androidNamespace && !modeled.contains($0.name.localName) }
        return AndroidIntent(
            action: action, data: attribute("data"), mimeType: attribute("mimeType"), targetPackage: attribute("targetPackage"),
            targetClass: attribute("targetClass"), extras: extras,
            otherAttributes: others.map { AndroidRawAttribute(name: $0.name.localName, value: $0.value) })
    }

    mutating func binding(_ element: XMLElement) -> AndroidCapabilityBinding {
        let key = android("key", in: element) ?? ""
        if key.isEmpty { problem(.missingAttribute, "has a <capability-binding> without android:key", line: element.line) }
        let parameters = element.elements.filter { $0.name.localName == "parameter-binding" }.map { parameter in
            parameter.attributes.filter { $0.name.namespaceURI == AndroidText.androidNamespace }.map {
                AndroidRawAttribute(name: $0.name.localName, value: $0.value)
            }
        }
        return AndroidCapabilityBinding(key: key, parameterBindings: parameters)
    }
}
