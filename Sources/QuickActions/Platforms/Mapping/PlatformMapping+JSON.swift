extension PlatformMapping {
    /// Reads the mapping file at `path` (see `PlatformMapping` for its shape).
    public static func load(path: String) throws(PlatformMappingError) -> PlatformMapping {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.read(path: path)
        } catch {
            throw PlatformMappingError(path: path, keyPath: "", reason: error.reason)
        }
        return try parse(bytes, source: path)
    }

    /// Parses a mapping file's bytes (a leading UTF-8 byte order mark skipped, as every operator
    /// file's); `source` names it in errors. A string holding a control character other than
    /// tab, line feed and carriage return is refused with its line.
    public static func parse(_ bytes: [UInt8], source: String) throws(PlatformMappingError) -> PlatformMapping {
        let body = ByteOrderMark.removed(from: bytes)
        let root: JSONValue
        do {
            root = try JSONParser.parse(body)
        } catch {
            throw PlatformMappingError(path: source, keyPath: "", reason: "is not valid JSON (\(error))")
        }
        if let found = OperatorText.firstRefused(inJSON: body) {
            throw PlatformMappingError(
                path: source, keyPath: "", reason: "line \(found.line): has a string that \(OperatorText.reason(found.scalar))")
        }
        let reader = MappingReader(source: source)
        let fields = try reader.object(root, at: "", allowed: ["android", "web"])
        var mapping = PlatformMapping()
        if let android = fields["android"] { mapping.android = try reader.android(android) }
        if let web = fields["web"] { mapping.web = try reader.web(web) }
        return mapping
    }
}

/// Reads the parts of a mapping file, refusing unknown keys and wrong types with their path.
private struct MappingReader {
    let source: String

    func failure(_ path: String, _ reason: String) -> PlatformMappingError {
        PlatformMappingError(path: source, keyPath: path, reason: reason)
    }

    func object(_ value: JSONValue, at path: String, allowed: Set<String>) throws(PlatformMappingError) -> [String: JSONValue] {
        guard case .object(let fields) = value else { throw failure(path, "must be an object, not a \(value.typeName)") }
        if let unknown = fields.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw failure(path.isEmpty ? unknown : "\(path).\(unknown)", "is not a known key (known: \(allowed.sorted().joined(separator: ", ")))")
        }
        return fields
    }

    func string(_ fields: [String: JSONValue], _ key: String, at path: String) throws(PlatformMappingError) -> String? {
        guard let value = fields[key] else { return nil }
        guard case .string(let text) = value, !text.isEmpty else { throw failure("\(path).\(key)", "must be a non-empty string") }
        return text
    }

    func template(_ fields: [String: JSONValue], _ key: String, at path: String) throws(PlatformMappingError) -> PlatformTemplate? {
        guard let text = try string(fields, key, at: path) else { return nil }
        do {
            return try PlatformTemplate(text)
        } catch {
            throw failure("\(path).\(key)", "\"\(text)\" \(error.reason)")
        }
    }

    func items<Item>(_ value: JSONValue?, at path: String, _ read: (JSONValue, String) throws(PlatformMappingError) -> Item)
        throws(PlatformMappingError) -> [String: Item]
    {
        guard let value else { return [:] }
        guard case .object(let entries) = value else { throw failure(path, "must be an object of item types, not a \(value.typeName)") }
        var items: [String: Item] = [:]
        for (type, entry) in entries { items[type] = try read(entry, "\(path).\(type)") }
        return items
    }

    func android(_ value: JSONValue) throws(PlatformMappingError) -> AndroidMapping {
        let fields = try object(value, at: "android", allowed: ["package", "activity", "items"])
        let items = try items(fields["items"], at: "android.items") { (entry, path) throws(PlatformMappingError) in try androidItem(entry, at: path) }
        return AndroidMapping(
            package: try string(fields, "package", at: "android"), activity: try string(fields, "activity", at: "android"), items: items)
    }

    func androidItem(_ value: JSONValue, at path: String) throws(PlatformMappingError) -> AndroidItemMapping {
        let keys: Set<String> = [
            "id", "shortLabel", "longLabel", "disabledMessage", "icon", "action", "data", "mimeType", "targetPackage", "targetClass", "categories",
            "extras",
        ]
        let fields = try object(value, at: path, allowed: keys)
        var categories: [String]?
        if let value = fields["categories"] {
            guard case .array(let values) = value else { throw failure("\(path).categories", "must be an array of strings") }
            categories = try values.map { (value) throws(PlatformMappingError) in
                guard case .string(let text) = value, !text.isEmpty else {
                    throw failure("\(path).categories", "must be an array of non-empty strings")
                }
                return text
            }
        }
        var extras: [AndroidExtra] = []
        if let value = fields["extras"] {
            guard case .object(let entries) = value else { throw failure("\(path).extras", "must be an object of extras") }
            for name in entries.keys.sorted() {
                guard let entry = entries[name] else { continue }
                extras.append(AndroidExtra(name: name, value: try extra(entry, at: "\(path).extras.\(name)")))
            }
        }
        if let icon = try string(fields, "icon", at: path), !icon.unicodeScalars.allSatisfy(AndroidResourceReference.isNameScalar) {
            throw failure("\(path).icon", "\"\(icon)\" is not a resource name (letters, digits, '_' and '.')")
        }
        return AndroidItemMapping(
            id: try template(fields, "id", at: path), shortLabel: try string(fields, "shortLabel", at: path),
            longLabel: try string(fields, "longLabel", at: path), disabledMessage: try string(fields, "disabledMessage", at: path),
            icon: try string(fields, "icon", at: path), action: try string(fields, "action", at: path), data: try template(fields, "data", at: path),
            mimeType: try string(fields, "mimeType", at: path), targetPackage: try string(fields, "targetPackage", at: path),
            targetClass: try string(fields, "targetClass", at: path), categories: categories, extras: extras)
    }

    /// A scalar (a string, an integer as `long`, a real as `double`, a boolean) or
    /// `{"type": "int|long|float|double|boolean|string", "value": …}`.
    func extra(_ value: JSONValue, at path: String) throws(PlatformMappingError) -> AndroidExtraValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let integer): return .long(integer)
        case .double(let real): return .double(real)
        case .bool(let flag): return .boolean(flag)
        case .object:
            let fields = try object(value, at: path, allowed: ["type", "value"])
            guard case .string(let type)? = fields["type"], let inner = fields["value"] else {
                throw failure(path, "must have a \"type\" and a \"value\"")
            }
            switch (type, inner) {
            case ("string", .string(let text)): return .string(text)
            case ("boolean", .bool(let flag)): return .boolean(flag)
            case ("int", .integer(let integer)):
                guard let small = Int32(exactly: integer) else { throw failure(path, "\(integer) does not fit an int (32 bits)") }
                return .int(small)
            case ("long", .integer(let integer)): return .long(integer)
            case ("float", .integer(let integer)): return .float(Float(integer))
            case ("float", .double(let real)): return .float(Float(real))
            case ("double", .integer(let integer)): return .double(Double(integer))
            case ("double", .double(let real)): return .double(real)
            default: throw failure(path, "a \(inner.typeName) is not a value of type \"\(type)\" (types: string, int, long, float, double, boolean)")
            }
        default: throw failure(path, "must be a string, number, boolean or {\"type\", \"value\"}, not \(value.typeName)")
        }
    }

    func web(_ value: JSONValue) throws(PlatformMappingError) -> WebMapping {
        let fields = try object(value, at: "web", allowed: ["scope", "manifestUrl", "items"])
        let items = try items(fields["items"], at: "web.items") { (entry, path) throws(PlatformMappingError) in try webItem(entry, at: path) }
        return WebMapping(scope: try string(fields, "scope", at: "web"), manifestURL: try string(fields, "manifestUrl", at: "web"), items: items)
    }

    func webItem(_ value: JSONValue, at path: String) throws(PlatformMappingError) -> WebItemMapping {
        let fields = try object(value, at: path, allowed: ["url", "name", "shortName", "description", "icons"])
        var icons: [WebShortcutIcon]?
        if let value = fields["icons"] {
            guard case .array(let entries) = value else { throw failure("\(path).icons", "must be an array of icons") }
            icons = []
            for (offset, entry) in entries.enumerated() {
                let iconPath = "\(path).icons[\(offset)]"
                let icon = try object(entry, at: iconPath, allowed: ["src", "sizes", "type", "purpose"])
                guard let src = try string(icon, "src", at: iconPath) else { throw failure(iconPath, "has no \"src\"") }
                icons?.append(
                    WebShortcutIcon(
                        src: src, sizes: try string(icon, "sizes", at: iconPath), type: try string(icon, "type", at: iconPath),
                        purpose: try string(icon, "purpose", at: iconPath)))
            }
        }
        return WebItemMapping(
            url: try template(fields, "url", at: path), name: try string(fields, "name", at: path),
            shortName: try string(fields, "shortName", at: path),
            description: try string(fields, "description", at: path), icons: icons)
    }
}
