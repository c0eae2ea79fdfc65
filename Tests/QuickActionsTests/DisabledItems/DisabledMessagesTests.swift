import Foundation
import QuickActions
import Testing

@Suite struct DisabledMessagesTests {
    static let messages = DisabledMessages()

    @Test func everyBuiltInLanguageSaysEveryReason() {
        #expect(DisabledMessages.builtIn.count >= 11)
        for (language, texts) in DisabledMessages.builtIn {
            for reason in DisabledReason.allCases {
                let text = texts[reason] ?? ""
                #expect(!text.isEmpty && !text.hasSuffix(".") && text.trimmingCharacters(in: .whitespaces) == text, "\(language) \(reason)")
            }
            // Three different sentences in each language.
            #expect(Set(texts.values).count == DisabledReason.allCases.count, "\(language)")
        }
        #expect(Self.messages.message(for: .unfavorited, language: nil) == ("en", "This contact is no longer a favorite"))
        #expect(Self.messages.message(for: .deleted, language: "en-GB") == ("en", "This contact was deleted"))
        #expect(Self.messages.message(for: .ended, language: "de-AT") == ("de", "Diese Aktion ist nicht mehr verfügbar"))
    }

    @Test(arguments: [
        ("de-AT, en;q=0.5", "de"), ("fr-CA", "fr"), ("zh-CN", "zh-Hans"), ("zh-Hans-CN", "zh-Hans"), ("zh-TW", "zh-Hant"), ("pt", "pt-BR"),
        ("pt-PT", "pt-PT"), ("PT-br", "pt-BR"), ("ja-JP", "ja"), ("xx, nl;q=0.1", "nl"), ("xx", "en"), ("", "en"), ("*", "en"),
    ])
    func negotiatesLikeTheList(acceptLanguage: String, language: String) {
        #expect(Self.messages.message(for: .deleted, acceptLanguage: acceptLanguage).language == language)
    }

    /// An app's tables override a message in a language, and add languages of their own; a
    /// reason their table lacks keeps the built-in text.
    @Test func theAppsTablesOverride() {
        let catalog = LocalizationCatalog(tables: [
            "fr": ["QuickActionDisabledDeleted": "Contact supprimé", "QuickActionDisabledEnded": ""],
            "uk": ["QuickActionDisabledDeleted": "Контакт видалено"],
        ])
        let messages = DisabledMessages(catalog: catalog)
        #expect(messages.message(for: .deleted, acceptLanguage: "fr-FR") == ("fr", "Contact supprimé"))
        #expect(messages.message(for: .unfavorited, acceptLanguage: "fr") == ("fr", "Ce contact n’est plus un favori"))
        // An empty entry does not count.
        #expect(messages.message(for: .ended, acceptLanguage: "fr") == ("fr", "Cette action n’est plus disponible"))
        #expect(messages.message(for: .deleted, acceptLanguage: "uk") == ("uk", "Контакт видалено"))
        #expect(messages.message(for: .unfavorited, acceptLanguage: "uk") == ("en", "This contact is no longer a favorite"))
        // The table a list was rendered with (here the Base table, in the development region).
        let base = ["QuickActionDisabledUnfavorited": "No longer in your favorites"]
        #expect(messages.message(for: .unfavorited, language: "en", table: base) == ("en", "No longer in your favorites"))
        #expect(
            DisabledReason.allCases.map(\.localizationKey) == [
                "QuickActionDisabledUnfavorited", "QuickActionDisabledDeleted", "QuickActionDisabledEnded",
            ])
    }
}
