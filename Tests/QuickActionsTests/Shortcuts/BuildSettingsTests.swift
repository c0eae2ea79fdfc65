import Testing

@testable import QuickActions

@Suite struct BuildSettingsTests {
    let settings = BuildSettings(["PRODUCT_BUNDLE_IDENTIFIER": "org.mozilla.ios.Firefox", "PRODUCT_NAME": "My App_2", "PREFIX": "$(PRODUCT_NAME)"])

    @Test func bothSyntaxesExpand() {
        #expect(settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER).NewTab") == ("org.mozilla.ios.Firefox.NewTab", []))
        #expect(settings.expand("${PRODUCT_BUNDLE_IDENTIFIER}.NewTab") == ("org.mozilla.ios.Firefox.NewTab", []))
        #expect(settings.expand("a $(PRODUCT_NAME) b ${PRODUCT_NAME} c") == ("a My App_2 b My App_2 c", []))
        #expect(settings.expand("no references, $ alone, $x, $ (X)") == ("no references, $ alone, $x, $ (X)", []))
    }

    @Test func modifiersApplyInOrder() {
        #expect(settings.expand("$(PRODUCT_NAME:rfc1034identifier)").text == "My-App-2")
        #expect(settings.expand("${PRODUCT_NAME:lower}").text == "my app_2")
        #expect(settings.expand("$(PRODUCT_NAME:upper)").text == "MY APP_2")
        #expect(settings.expand("$(PRODUCT_NAME:rfc1034identifier:lower)").text == "my-app-2")
        #expect(settings.expand("$(PRODUCT_BUNDLE_IDENTIFIER:rfc1034identifier)").text == "org.mozilla.ios.Firefox", "dots stay")
    }

    @Test func unknownSettingsAndModifiersStayAsWrittenAndAreNamedOnce() {
        let result = settings.expand("$(MOZ_BUNDLE_DISPLAY_NAME) ${MOZ_BUNDLE_DISPLAY_NAME} $(PRODUCT_NAME:c99extidentifier) $(CHANNEL)")
        #expect(result.text == "$(MOZ_BUNDLE_DISPLAY_NAME) ${MOZ_BUNDLE_DISPLAY_NAME} $(PRODUCT_NAME:c99extidentifier) $(CHANNEL)")
        #expect(result.unexpanded == ["MOZ_BUNDLE_DISPLAY_NAME", "PRODUCT_NAME", "CHANNEL"])
    }

    @Test func valuesAreExpandedInTurnAndSelfReferenceStops() {
        #expect(settings.expand("$(PREFIX).x") == ("My App_2.x", []))
        let looping = BuildSettings(["A": "$(B)", "B": "$(A)"])
        let result = looping.expand("$(A)")
        #expect(result.text.contains("$("), "a loop is left unexpanded, not followed forever")
        #expect(!result.unexpanded.isEmpty)
    }

    @Test func malformedReferencesAreText() {
        for text in ["$(UNCLOSED", "${A)", "$()", "$(1ABC)", "$(A-B)"] {
            #expect(settings.expand(text) == (text, []), "\(text)")
        }
        // Only the inner reference of a nested one is a reference.
        #expect(settings.expand("$(A $(PRODUCT_NAME))") == ("$(A My App_2)", []))
    }

    @Test func developmentLanguageDefaultsToEnglishAsInXcode() {
        #expect(BuildSettings().expand("$(DEVELOPMENT_LANGUAGE)") == ("en", []))
        #expect(BuildSettings(["DEVELOPMENT_LANGUAGE": "de"]).expand("$(DEVELOPMENT_LANGUAGE)") == ("de", []))
        #expect(BuildSettings().expand("$(PRODUCT_NAME)") == ("$(PRODUCT_NAME)", ["PRODUCT_NAME"]))
    }

    @Test func namesAreBuildSettingNames() {
        #expect(BuildSettings.isName("PRODUCT_BUNDLE_IDENTIFIER"))
        #expect(BuildSettings.isName("_x1"))
        #expect(!BuildSettings.isName(""))
        #expect(!BuildSettings.isName("1X"))
        #expect(!BuildSettings.isName("A B"))
        #expect(!BuildSettings.isName("Ä"))
    }
}
