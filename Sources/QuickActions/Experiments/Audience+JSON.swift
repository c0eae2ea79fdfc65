/// An audience's JSON form, read with a `ValidationError` naming the field at fault.
extension Audience {
    /// The members an audience may have.
    public static let fields: Set<String> = ["platforms", "languages", "appVersions", "rollout"]
    /// The members a rollout may have.
    public static let rolloutFields: Set<String> = ["percent", "group", "stickiness"]
    /// Most language prefixes in one audience.
    public static let maxLanguages = 64
    /// Longest rollout group, in UTF-8 bytes.
    public static let maxGroupLength = 200

    /// Reads `json`, the value of `field` (such as `audience`); a fault names the member, as
    /// `audience.rollout.percent`. `null` members read as absent.
    public init(json: JSONValue, field: String = "audience") throws(ValidationError) {
        let members = try Self.object(json, field: field, allowed: Self.fields)
        self.init()
        if let value = members["platforms"] { platforms = try Self.platforms(value, field: field + ".platforms") }
        if let value = members["languages"] { languages = try Self.languages(value, field: field + ".languages") }
        if let value = members["appVersions"] {
            let name = field + ".appVersions"
            guard case .string(let text) = value else { throw Self.wrongType(name, "a string such as \">=2.3.0 <3.0.0\"", value) }
            do {
                appVersions = try AppVersionRange(parsing: text)
            } catch {
                throw ValidationError(field: name, message: "\(name) \(error.message).")
            }
        }
        if let value = members["rollout"] { rollout = try Self.rollout(value, field: field + ".rollout") }
    }

    /// The JSON form: the parts given, in the shape `init(json:)` reads.
    public var json: JSONValue {
        var object: [String: JSONValue] = [:]
        if let platforms { object["platforms"] = .array(platforms.map { .string($0.rawValue) }) }
        if let languages { object["languages"] = .array(languages.map { .string($0) }) }
        if let appVersions { object["appVersions"] = .string(appVersions.description) }
        if let rollout {
            var details: [String: JSONValue] = ["percent": .integer(Int64(rollout.percent)), "stickiness": .string(rollout.stickiness.rawValue)]
            if let group = rollout.group { details["group"] = .string(group) }
            object["rollout"] = .object(details)
        }
        return .object(object)
    }

    private static func object(_ json: JSONValue, field: String, allowed: Set<String>) throws(ValidationError) -> [String: JSONValue] {
        guard case .object(let members) = json else { throw wrongType(field, "an object", json) }
        if let unknown = members.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ValidationError(
                field: field + "." + unknown,
                message: "Unknown field '\(unknown)' in \(field) (allowed: \(allowed.sorted().joined(separator: ", "))).")
        }
        return members.filter { $0.value != .null }
    }

    private static func wrongType(_ field: String, _ expected: String, _ value: JSONValue) -> ValidationError {
        ValidationError(field: field, message: "\(field) must be \(expected), not a \(value.typeName).")
    }

    private static func strings(_ json: JSONValue, field: String, expected: String) throws(ValidationError) -> [String] {
        guard case .array(let elements) = json else { throw wrongType(field, expected, json) }
        var texts: [String] = []
        for element in elements {
            guard case .string(let text) = element else { throw wrongType(field, expected, element) }
            if texts.contains(text) { throw ValidationError(field: field, message: "\(field) lists '\(text)' twice.") }
            texts.append(text)
        }
        if texts.isEmpty {
            throw ValidationError(field: field, message: "\(field) is empty, so it would match nothing; leave it out to match everyone.")
        }
        return texts
    }

    private static func platforms(_ json: JSONValue, field: String) throws(ValidationError) -> [ShortcutPlatform] {
        let names = ShortcutPlatform.allCases.map(\.rawValue).joined(separator: ", ")
        var platforms: [ShortcutPlatform] = []
        for text in try strings(json, field: field, expected: "an array of platforms (\(names))") {
            guard let platform = ShortcutPlatform(rawValue: text) else {
                throw ValidationError(field: field, message: "\(field) has '\(text)', which is not a platform (\(names)).")
            }
            platforms.append(platform)
        }
        return platforms
    }

    private static func languages(_ json: JSONValue, field: String) throws(ValidationError) -> [String] {
        let tags = try strings(json, field: field, expected: "an array of BCP 47 language tags, such as [\"en\", \"fr-CA\"]")
        guard tags.count <= maxLanguages else {
            throw ValidationError(field: field, message: "\(field) has \(tags.count) languages; at most \(maxLanguages) are allowed.")
        }
        if let bad = tags.first(where: { tag in !LanguageRange.isWellFormedTag(String(tag.map { $0 == "_" ? "-" : $0 })) }) {
            throw ValidationError(field: field, message: "\(field) has '\(bad)', which is not a BCP 47 language tag such as en or fr-CA.")
        }
        return tags
    }

    private static func rollout(_ json: JSONValue, field: String) throws(ValidationError) -> Rollout {
        let members = try object(json, field: field, allowed: rolloutFields)
        let percentField = field + ".percent"
        guard let percentValue = members["percent"] else { throw ValidationError(field: percentField, message: "\(percentField) is required.") }
        guard case .integer(let percent) = percentValue, (0...100).contains(percent) else {
            throw ValidationError(field: percentField, message: "\(percentField) must be a whole number from 0 to 100.")
        }
        var rollout = Rollout(percent: Int(percent))
        if let value = members["group"] {
            let name = field + ".group"
            guard case .string(let group) = value else { throw wrongType(name, "a string", value) }
            guard !group.isEmpty, group.utf8.count <= maxGroupLength else {
                throw ValidationError(field: name, message: "\(name) must be 1 to \(maxGroupLength) bytes long; leave it out for the item's type.")
            }
            rollout.group = group
        }
        if let value = members["stickiness"] {
            let name = field + ".stickiness"
            guard case .string(let text) = value, let stickiness = Rollout.Stickiness(rawValue: text) else {
                throw ValidationError(field: name, message: "\(name) must be \"account\" or \"device\".")
            }
            rollout.stickiness = stickiness
        }
        return rollout
    }
}
