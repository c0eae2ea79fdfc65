import Testing

@testable import QuickActions

@Suite struct LocalizationCatalogNegotiationTests {
    let catalog = LocalizationCatalog(tables: ["de": [:], "fr": [:], "fr-CA": [:], "pt-BR": [:], "zh-Hans": [:], "en": [:]])

    @Test(
        arguments: [
            // No field, nothing usable, or nothing in the catalog: Info.plist's own text.
            (nil, nil),
            ("", nil),
            ("ja, ko;q=0.5", nil),
            ("*", nil),
            ("garbage!!, ;;;", nil),
            // Exact matches, ignoring case.
            ("fr", "fr"),
            ("FR-ca", "fr-CA"),
            ("zh-hans", "zh-Hans"),
            // Truncation: fr-CH → fr; zh-Hans-CN → zh-Hans; a dangling single-letter subtag goes too.
            ("fr-CH", "fr"),
            ("zh-Hans-CN", "zh-Hans"),
            ("de-x-private", "de"),
            // Lookup does not widen: pt does not match pt-BR.
            ("pt", nil),
            ("pt-BR", "pt-BR"),
            // Weights, then header order.
            ("de;q=0.5, fr;q=0.9", "fr"),
            ("de, fr", "de"),
            ("de;q=0.8, fr;q=0.8", "de"),
            ("ja;q=1, fr-CH;q=0.7, de;q=0.6", "fr"),
            ("de;q=0.001, en;q=0.0001", "de"),
            // q=0 excludes the range and what it prefixes, even when reached by truncation,
            // unless a longer range with a weight names the tag.
            ("fr-CH, fr;q=0, de;q=0.1", "de"),
            ("fr-CA;q=0.5, fr;q=0", "fr-CA"),
            ("fr;q=0, fr-CA", "fr-CA"),
            ("fr;q=0, fr-CH", nil),
            ("fr-CA;q=0, fr-CA-x-y, fr;q=0.5", "fr"),
            ("de;q=0, *", nil),
            ("*;q=0, fr", "fr"),
            // `*` carries no preference: the ranges after it are still tried.
            ("*, de;q=0.5", "de"),
            // Malformed elements are skipped, the rest is used.
            ("fr;q=2, de", "de"),
            ("fr;q=0.5.5, de;q=0.2", "de"),
            ("fr;q=1.000, de", "fr"),
            ("fr;q=1.001, de;q=0.9", "de"),
            (" fr-CA ; q=0.9 , de ; q=0.8", "fr-CA"),
            ("de;level=1;q=0.9, fr;q=0.5", "de"),
            ("en-US,en;q=0.9", "en"),
        ] as [(String?, String?)])
    func negotiates(acceptLanguage: String?, expected: String?) {
        #expect(catalog.negotiate(acceptLanguage: acceptLanguage) == expected)
    }

    @Test func emptyCatalogNeverMatches() {
        #expect(LocalizationCatalog(tables: [:]).negotiate(acceptLanguage: "fr") == nil)
    }

    @Test func parsesQualityValues() {
        #expect(LanguageRange.parseQuality("0") == 0)
        #expect(LanguageRange.parseQuality("1") == 1)
        #expect(LanguageRange.parseQuality("0.125") == 0.125)
        #expect(LanguageRange.parseQuality("1.0") == 1)
        #expect(LanguageRange.parseQuality("0.1234") == nil)
        #expect(LanguageRange.parseQuality("1.5") == nil)
        #expect(LanguageRange.parseQuality(".5") == nil)
        #expect(LanguageRange.parseQuality("0.") == nil)
        #expect(LanguageRange.parseQuality("") == nil)
    }

    @Test func parsesRangesInHeaderOrder() {
        #expect(
            LanguageRange.parse("fr-CH, fr;q=0.9, *;q=0.5") == [
                LanguageRange(range: "fr-ch", quality: 1), LanguageRange(range: "fr", quality: 0.9), LanguageRange(range: "*", quality: 0.5),
            ])
        #expect(LanguageRange.parse("123, a-b-c-d, toolongsubtag, fr--CA, -fr") == [LanguageRange(range: "a-b-c-d", quality: 1)])
    }
}
