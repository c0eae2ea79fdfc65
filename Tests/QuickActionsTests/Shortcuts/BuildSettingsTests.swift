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
        #expect(
            result.unexpanded == [
                UnexpandedBuildSetting(name: "MOZ_BUNDLE_DISPLAY_NAME", reason: .notSet),
                UnexpandedBuildSetting(name: "PRODUCT_NAME", reason: .unsupportedModifier),
                UnexpandedBuildSetting(name: "CHANNEL", reason: .notSet),
            ])
        #expect(result.unexpanded[1].explanation == "with a modifier that is not supported (only rfc1034identifier, lower, upper)")
    }

    @Test func valuesAreExpandedInTurnAndSelfReferenceStops() {
        #expect(settings.expand("$(PREFIX).x") == ("My App_2.x", []))
        let looping = BuildSettings(["A": "$(B)", "B": "$(A)"])
        let result = looping.expand("$(A)")
        #expect(result.text.contains("$("), "a loop is left unexpanded, not followed forever")
        #expect(!result.unexpanded.isEmpty)
    }

    @Test("A cycle of settings is named as a cycle, from the reference that entered it, not as an unsupported modifier")
    func cyclesAreNamed() {
        let twoSettings = BuildSettings(["A": "$(B)", "B": "$(A)"])
        #expect(twoSettings.expand("x $(A)").unexpanded == [UnexpandedBuildSetting(name: "A", reason: .cycle(["A", "B", "A"]))])
        #expect(twoSettings.expand("${B}").unexpanded == [UnexpandedBuildSetting(name: "B", reason: .cycle(["B", "A", "B"]))])
        let itself = BuildSettings(["A": "a$(A)"])
        let selfReference = itself.expand("$(A)")
        #expect(selfReference.unexpanded == [UnexpandedBuildSetting(name: "A", reason: .cycle(["A", "A"]))])
        #expect(selfReference.unexpanded.first?.explanation == "whose value refers back to itself: the build settings form a cycle, A → A")
        // A setting reached twice without a cycle is no cycle.
        #expect(BuildSettings(["A": "$(B)$(B)", "B": "b"]).expand("$(A)") == ("bb", []))
        // The cycle is entered from a setting outside it: named from where it closes.
        let entered = BuildSettings(["TOP": "$(A)", "A": "$(B)", "B": "$(A:lower)"]).expand("$(TOP)")
        #expect(entered.unexpanded == [UnexpandedBuildSetting(name: "A", reason: .cycle(["A", "B", "A"]))])
    }

    @Test func chainsDeeperThanTheLimitStop() {
        var values: [String: String] = [:]
        for level in 0..<12 { values["S\(level)"] = "$(S\(level + 1))" }
        values["S12"] = "end"
        let result = BuildSettings(values).expand("$(S0)")
        #expect(result.unexpanded.map(\.reason) == [.tooDeep])
        #expect(result.unexpanded.first?.explanation.contains("more than 8 levels") == true)
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
        #expect(BuildSettings().expand("$(PRODUCT_NAME)") == ("$(PRODUCT_NAME)", [UnexpandedBuildSetting(name: "PRODUCT_NAME", reason: .notSet)]))
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
