/// The rules a scheduled item must satisfy; each broken rule is a `ValidationError` naming the
/// field (HTTP 422).
public enum ScheduledItemValidator {
    /// Most scheduled items not yet ended in one account's list (those for every account and
    /// its own).
    public static let maxItems = 100
    /// Longest title or subtitle, in user-perceived characters (as a contact's name).
    public static let maxTextLength = ContactValidator.maxNameLength
    /// Most code points in a title or subtitle (JSON Schema's `maxLength` counts these).
    public static let maxTextCodePoints = ContactValidator.maxNameCodePoints
    /// Longest type, in characters.
    public static let maxTypeLength = 200
    /// Most languages in a title or subtitle, `default` included.
    public static let maxLanguages = 64
    /// Most accounts an item may name.
    public static let maxAccounts = 1000

    /// `draft` checked against `rules`, its texts trimmed: throws for the first broken rule.
    /// Room (`checkRoom`) is checked separately, by the store, where the count is exact.
    public static func validate(_ draft: ScheduledItemDraft, rules: ScheduleRules) throws(ValidationError) -> ScheduledItemDraft {
        var checked = draft
        try checkType(draft.type, rules: rules)
        checked.title = try texts(draft.title, field: "title")
        checked.subtitle = try draft.subtitle.map { text throws(ValidationError) in try texts(text, field: "subtitle") }
        if let userInfo = draft.userInfo {
            if userInfo[ScheduledItem.idKey] != nil {
                throw ValidationError(
                    field: "userInfo", message: "userInfo.\(ScheduledItem.idKey) is set by the server (it names the item); leave it out.")
            }
            try TriggerValidator.validate(.dictionary(userInfo), path: "userInfo")
        }
        if draft.until <= draft.from {
            throw ValidationError(field: "until", message: "until (\(draft.until.rfc3339)) must be after from (\(draft.from.rfc3339)).")
        }
        if draft.until <= rules.now {
            throw ValidationError(field: "until", message: "until (\(draft.until.rfc3339)) has passed: the window is over.")
        }
        try checkAccounts(draft.accounts, rules: rules)
        return checked
    }

    /// Throws (field `scheduledItems`) when one more item for `accounts` (nil: every account)
    /// would put an account's list past `maxItems` items not yet ended at `now`. `replacing`:
    /// the id of an item being changed, which does not count.
    public static func checkRoom(
        for accounts: [String]?, among existing: [ScheduledItem], now: Timestamp, replacing id: String? = nil
    ) throws(ValidationError) {
        let current = existing.filter { $0.until > now && $0.id != id }
        let forEveryAccount = current.filter { $0.accounts == nil }.count
        var listed: [String: Int] = [:]
        for item in current {
            for account in Set(item.accounts ?? []) { listed[account, default: 0] += 1 }
        }
        let fullest = accounts.map { $0.map { listed[$0] ?? 0 }.max() ?? 0 } ?? (listed.values.max() ?? 0)
        if forEveryAccount + fullest + 1 > maxItems {
            throw ValidationError(
                field: "scheduledItems",
                message: "An account's list holds at most \(maxItems) scheduled items that have not ended; delete one first.")
        }
    }

    private static func checkType(_ type: String, rules: ScheduleRules) throws(ValidationError) {
        if type.isEmpty { throw ValidationError(field: "type", message: "type must not be empty.") }
        if type.count > maxTypeLength { throw ValidationError(field: "type", message: "type must be at most \(maxTypeLength) characters.") }
        if TriggerValidator.hasControlCharacter(type) {
            throw ValidationError(field: "type", message: "type must not contain control characters (such as NUL).")
        }
        if type == ShortcutItemBuilder.favoriteActionType || rules.staticTypes.contains(type) {
            throw ValidationError(
                field: "type",
                message: "type '\(type)' is taken by \(type == ShortcutItemBuilder.favoriteActionType ? "the favorites' items" : "a static item"); "
                    + "a device could not tell the items apart.")
        }
    }

    /// The texts of `text` trimmed, after checking each language tag and text.
    private static func texts(_ text: LocalizedText, field: String) throws(ValidationError) -> LocalizedText {
        if text.texts.count > maxLanguages {
            throw ValidationError(field: field, message: "\(field) must have at most \(maxLanguages) languages.")
        }
        var trimmed: [String: String] = [:]
        var foldedTags: [String: String] = [:]
        for (language, value) in text.texts.sorted(by: { $0.key < $1.key }) {
            if language != LocalizedText.defaultKey {
                guard LanguageRange.isWellFormedTag(language) else {
                    throw ValidationError(field: field, message: "\(field) has '\(language)', which is not a language tag (such as fr or pt-BR).")
                }
                if let earlier = foldedTags[language.lowercased()] {
                    throw ValidationError(field: field, message: "\(field) has both '\(earlier)' and '\(language)': one language, two texts.")
                }
                foldedTags[language.lowercased()] = language
            }
            let path = "\(field).\(language)"
            let clean = value.trimmingWhitespace()
            if clean.isEmpty { throw ValidationError(field: field, message: "\(path) must not be empty.") }
            if ContactName.length(value) > maxTextLength || value.unicodeScalars.count > maxTextCodePoints {
                throw ValidationError(field: field, message: "\(path) must be at most \(maxTextLength) characters.")
            }
            if clean.unicodeScalars.contains(where: \.isControlCharacter) {
                throw ValidationError(field: field, message: "\(path) must not contain control characters (such as NUL).")
            }
            trimmed[language] = clean
        }
        return LocalizedText(trimmed) ?? text
    }

    private static func checkAccounts(_ accounts: [String]?, rules: ScheduleRules) throws(ValidationError) {
        guard let accounts else { return }
        guard rules.accountsAllowed else {
            throw ValidationError(field: "accounts", message: "accounts applies only to a server with --accounts; leave it out.")
        }
        if accounts.isEmpty {
            throw ValidationError(field: "accounts", message: "accounts must name at least one account, or be null for every account.")
        }
        if accounts.count > maxAccounts {
            throw ValidationError(field: "accounts", message: "accounts must name at most \(maxAccounts) accounts; use null for every account.")
        }
        var seen = Set<String>()
        for account in accounts {
            if account.isEmpty || TriggerValidator.hasControlCharacter(account) {
                throw ValidationError(field: "accounts", message: "accounts must hold account ids, not '\(account)'.")
            }
            if !seen.insert(account).inserted {
                throw ValidationError(field: "accounts", message: "accounts names '\(account)' twice.")
            }
        }
    }
}
