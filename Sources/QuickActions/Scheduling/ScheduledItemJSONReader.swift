/// Reads the fields of a scheduled item's request body into typed values, or throws a
/// `ValidationError` naming the field. `null` reads as absent.
struct ScheduledItemJSONReader {
    let body: [String: JSONValue]

    static func missing(_ field: String) -> ValidationError {
        ValidationError(field: field, message: "\(field) is required.")
    }

    func requireKnownFields() throws(ValidationError) {
        if let unknown = body.keys.sorted().first(where: { !ScheduledItemDraft.fields.contains($0) }) {
            let allowed = ScheduledItemDraft.fields.sorted().joined(separator: ", ")
            throw ValidationError(field: unknown, message: "Unknown field '\(unknown)' (allowed: \(allowed)).")
        }
    }

    private func value(_ field: String) -> JSONValue? {
        guard let value = body[field], value != .null else { return nil }
        return value
    }

    private func wrongType(_ field: String, _ expected: String, _ value: JSONValue) -> ValidationError {
        ValidationError(field: field, message: "\(field) must be \(expected), not a \(value.typeName).")
    }

    func string(_ field: String) throws(ValidationError) -> String? {
        guard let value = value(field) else { return nil }
        guard case .string(let text) = value else { throw wrongType(field, "a string", value) }
        return text
    }

    /// An RFC 3339 date-time with an offset (`Z` or `±hh:mm`) whose UTC year is 0001 through
    /// 9999 (`Timestamp.rfc3339Years`): `9999-12-31T23:59:59-23:59` is a time of the year 10000
    /// in UTC, which no RFC 3339 text can give back.
    func timestamp(_ field: String) throws(ValidationError) -> Timestamp? {
        guard let text = try string(field) else { return nil }
        guard let instant = Timestamp(rfc3339: text) else {
            throw ValidationError(
                field: field, message: "\(field) must be an RFC 3339 date-time with an offset, such as 2026-06-21T00:00:00+02:00, not '\(text)'.")
        }
        guard Timestamp.rfc3339Years.contains(instant) else {
            throw ValidationError(
                field: field, message: "\(field) must fall within the years 0001 to 9999 in UTC, not '\(text)' (\(instant.rfc3339)).")
        }
        return instant
    }

    /// A map of language tag to text, with a `default` entry.
    func localizedText(_ field: String) throws(ValidationError) -> LocalizedText? {
        guard let value = value(field) else { return nil }
        guard case .object(let members) = value else { throw wrongType(field, "an object of language → text with a \"default\"", value) }
        var texts: [String: String] = [:]
        for (language, text) in members {
            guard case .string(let string) = text else {
                throw ValidationError(field: field, message: "\(field).\(language) must be a string, not a \(text.typeName).")
            }
            texts[language] = string
        }
        guard let localized = LocalizedText(texts) else {
            throw ValidationError(field: field, message: "\(field) must have a \"default\" text, used when no language matches.")
        }
        return localized
    }

    func icon() throws(ValidationError) -> ShortcutIcon? {
        guard let value = value("icon") else { return nil }
        do {
            return try ShortcutIcon(json: value)
        } catch {
            throw ValidationError(field: "icon", message: error.reason + ".")
        }
    }

    func userInfo() throws(ValidationError) -> [String: PropertyListValue]? {
        guard let value = value("userInfo") else { return nil }
        guard case .object = value else { throw wrongType("userInfo", "an object", value) }
        guard case .dictionary(let converted)? = PropertyListValue(json: value) else {
            throw ValidationError(field: "userInfo", message: "userInfo must hold property-list values only (no null).")
        }
        return converted
    }

    func accounts() throws(ValidationError) -> [String]? {
        guard let value = value("accounts") else { return nil }
        guard case .array(let elements) = value else { throw wrongType("accounts", "an array of account ids, or null for every account", value) }
        var ids: [String] = []
        for element in elements {
            guard case .string(let id) = element else { throw wrongType("accounts", "an array of account ids (strings)", element) }
            ids.append(id)
        }
        return ids
    }
}
