/// The message of a disabled item, localized: the app's own text when its localization
/// tables (`--localizations`) have the reason's key (`DisabledReason.localizationKey`), else
/// the built-in text of the language, else English.
public struct DisabledMessages: Sendable {
    /// The language of the last fallback.
    public static let fallbackLanguage = "en"

    /// The built-in messages, by language tag, then reason.
    public static let builtIn: [String: [DisabledReason: String]] = [
        "en": [
            .unfavorited: "This contact is no longer a favorite", .deleted: "This contact was deleted",
            .ended: "This action is no longer available",
        ],
        "de": [
            .unfavorited: "Dieser Kontakt ist kein Favorit mehr", .deleted: "Dieser Kontakt wurde gelöscht",
            .ended: "Diese Aktion ist nicht mehr verfügbar",
        ],
        "es": [
            .unfavorited: "Este contacto ya no es un favorito", .deleted: "Este contacto se ha eliminado",
            .ended: "Esta acción ya no está disponible",
        ],
        "fr": [
            .unfavorited: "Ce contact n’est plus un favori", .deleted: "Ce contact a été supprimé",
            .ended: "Cette action n’est plus disponible",
        ],
        "it": [
            .unfavorited: "Questo contatto non è più tra i preferiti", .deleted: "Questo contatto è stato eliminato",
            .ended: "Questa azione non è più disponibile",
        ],
        "ja": [
            .unfavorited: "この連絡先はお気に入りではなくなりました", .deleted: "この連絡先は削除されました",
            .ended: "このアクションは利用できなくなりました",
        ],
        "ko": [
            .unfavorited: "이 연락처는 더 이상 즐겨찾기가 아닙니다", .deleted: "이 연락처는 삭제되었습니다",
            .ended: "이 작업은 더 이상 사용할 수 없습니다",
        ],
        "nl": [
            .unfavorited: "Dit contact is geen favoriet meer", .deleted: "Dit contact is verwijderd",
            .ended: "Deze actie is niet meer beschikbaar",
        ],
        "pt-BR": [
            .unfavorited: "Este contato não é mais um favorito", .deleted: "Este contato foi apagado",
            .ended: "Esta ação não está mais disponível",
        ],
        "pt-PT": [
            .unfavorited: "Este contacto já não é um favorito", .deleted: "Este contacto foi apagado",
            .ended: "Esta ação já não está disponível",
        ],
        "sv": [
            .unfavorited: "Den här kontakten är inte längre en favorit", .deleted: "Den här kontakten har raderats",
            .ended: "Den här åtgärden är inte längre tillgänglig",
        ],
        "zh-Hans": [
            .unfavorited: "此联系人已不在个人收藏中", .deleted: "此联系人已被删除",
            .ended: "此操作已不可用",
        ],
        "zh-Hant": [
            .unfavorited: "此聯絡人已不在喜好項目中", .deleted: "此聯絡人已被刪除",
            .ended: "此動作已無法使用",
        ],
    ]

    /// Tags people send for a built-in language under another name (lower-cased): `pt` is
    /// Brazilian Portuguese as in Apple's `pt.lproj`; Chinese by region is by script.
    static let aliases: [String: String] = [
        "pt": "pt-BR", "zh": "zh-Hans", "zh-cn": "zh-Hans", "zh-sg": "zh-Hans", "zh-tw": "zh-Hant", "zh-hk": "zh-Hant", "zh-mo": "zh-Hant",
    ]

    /// Each built-in language by its lower-cased tag, aliases included.
    private static let builtInByFoldedTag: [String: String] = {
        var byTag = aliases
        for language in builtIn.keys { byTag[language.lowercased()] = language }
        return byTag
    }()

    /// The app's localization tables, whose entries override the built-in messages.
    public let catalog: LocalizationCatalog?
    /// The languages a message can be in: the built-in ones, their aliases, the app's.
    private let negotiator: LanguageNegotiator

    /// The messages, overridden by `catalog`'s entries.
    public init(catalog: LocalizationCatalog? = nil) {
        self.catalog = catalog
        negotiator = LanguageNegotiator(languages: Array(Self.builtIn.keys) + Array(Self.aliases.keys) + (catalog?.languages ?? []))
    }

    /// The message for `reason` in `language` (nil: English) and the language it is in. The
    /// app's text comes from `table` when given (the table a list was rendered with, see
    /// `LocalizationCatalog.resolve`), else from the catalog's table for `language`; the
    /// built-in text is found by RFC 4647 lookup (`de-AT` finds `de`, `zh-Hans-CN` finds
    /// `zh-Hans`). An empty entry in the app's table does not count.
    public func message(for reason: DisabledReason, language: String?, table: [String: String]? = nil) -> (language: String, text: String) {
        if let language, let text = (table ?? catalog?.table(for: language))?[reason.localizationKey], !text.isEmpty {
            return (language, text)
        }
        let builtIn = language.flatMap(Self.builtInLanguage(for:)) ?? Self.fallbackLanguage
        return (builtIn, Self.builtIn[builtIn]?[reason] ?? "")
    }

    /// The message for `reason` in the language negotiated from `acceptLanguage` among the
    /// app's and the built-in languages, and that language; English when none matches.
    public func message(for reason: DisabledReason, acceptLanguage: String?) -> (language: String, text: String) {
        message(for: reason, language: language(for: acceptLanguage))
    }

    /// The language `acceptLanguage` negotiates among the app's and the built-in languages,
    /// for `message(for:language:)`; nil (English) when none matches. A list of many disabled
    /// items negotiates once, not once per item.
    public func language(for acceptLanguage: String?) -> String? {
        negotiator.negotiate(acceptLanguage: acceptLanguage)
    }

    /// The built-in language for `language`, by RFC 4647 lookup; nil when none.
    static func builtInLanguage(for language: String) -> String? {
        var subtags = language.lowercased().split(separator: "-").map(String.init)
        while !subtags.isEmpty {
            if let found = builtInByFoldedTag[subtags.joined(separator: "-")] { return found }
            subtags.removeLast()
            while let last = subtags.last, last.count == 1 { subtags.removeLast() }
        }
        return nil
    }
}
