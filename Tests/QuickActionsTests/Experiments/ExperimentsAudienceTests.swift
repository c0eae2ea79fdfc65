import Testing

@testable import QuickActions

/// Audiences: every part given must match; the decision names the parts that failed and the
/// bucket; the JSON form is read with a 422-ready error naming the member.
@Suite struct ExperimentsAudienceTests {
    private func context(
        platform: ShortcutPlatform = .ios, language: String? = "en-GB", appVersion: String? = "2.4.0", account: String? = "acct-1",
        device: String? = "device-1"
    ) -> AudienceContext {
        AudienceContext(platform: platform, language: language, appVersion: appVersion, accountID: account, deviceID: device)
    }

    @Test func anEmptyAudienceMatchesEveryone() {
        let decision = Audience().evaluate(context(language: nil, appVersion: nil, account: nil, device: nil), defaultGroup: "T")
        #expect(decision.matches && decision.bucket == nil)
        #expect(decision.json == ["matches": true, "failed": []])
    }

    @Test func platformsMustListTheRequestsPlatform() {
        let audience = Audience(platforms: [.android, .web])
        #expect(!audience.matches(context(platform: .ios), defaultGroup: "T"))
        #expect(audience.matches(context(platform: .web), defaultGroup: "T"))
        #expect(audience.evaluate(context(), defaultGroup: "T").failed == .platforms)
    }

    @Test func languagesMatchOnSubtagBoundariesIgnoringCase() {
        let english = Audience(languages: ["en"])
        for language in ["en", "en-GB", "EN-us", "en_GB"] { #expect(english.matches(context(language: language), defaultGroup: "T"), "\(language)") }
        for language in ["eng", "fr", "e", nil] as [String?] {
            #expect(!english.matches(context(language: language), defaultGroup: "T"), "\(language ?? "nil")")
        }
        let brazil = Audience(languages: ["pt_BR", "zh-Hant"])
        #expect(brazil.matches(context(language: "pt-br"), defaultGroup: "T"))
        #expect(!brazil.matches(context(language: "pt"), defaultGroup: "T"))
        #expect(brazil.matches(context(language: "zh-Hant-TW"), defaultGroup: "T"))
    }

    @Test func appVersionsNeedAVersionInTheRange() throws {
        let audience = Audience(appVersions: try AppVersionRange(parsing: ">=2.3.0 <3.0.0"))
        #expect(audience.matches(context(appVersion: "2.4.0"), defaultGroup: "T"))
        #expect(!audience.matches(context(appVersion: "3.1.0"), defaultGroup: "T"))
        #expect(!audience.matches(context(appVersion: nil), defaultGroup: "T"))
        #expect(!audience.matches(context(appVersion: "two"), defaultGroup: "T"))
    }

    @Test func theRolloutBucketsTheAccountOrTheDeviceInTheItemsTypeByDefault() {
        let byAccount = Audience(rollout: Rollout(percent: 55))
        let decision = byAccount.evaluate(context(account: "25"), defaultGroup: "Feature.flexibleRollout.userId.55")
        #expect(decision.bucket == 55 && decision.matches)
        #expect(decision.group == "Feature.flexibleRollout.userId.55")
        let named = Audience(rollout: Rollout(percent: 10, group: "Feature.flexibleRollout.10", stickiness: .device))
        let out = named.evaluate(context(account: "174", device: "499"), defaultGroup: "T")
        #expect(out.bucket == 32 && out.failed == .rollout)
        #expect(named.evaluate(context(account: "499", device: "174"), defaultGroup: "T").matches)
        #expect(
            out.json == [
                "matches": false, "failed": ["rollout"],
                "rollout": ["bucket": 32, "percent": 10, "group": "Feature.flexibleRollout.10", "stickiness": "device"],
            ])
    }

    @Test func withoutAStickinessIdTheRolloutNeverShows() {
        let everyone = Audience(rollout: Rollout(percent: 100))
        let decision = everyone.evaluate(context(account: nil), defaultGroup: "T")
        #expect(!decision.matches && decision.bucket == nil && decision.failed == .rollout)
        #expect(!Audience(rollout: Rollout(percent: 100, stickiness: .device)).matches(context(device: ""), defaultGroup: "T"))
    }

    @Test func theDecisionNamesEveryPartThatFailed() throws {
        let audience = Audience(
            platforms: [.android], languages: ["fr"], appVersions: try AppVersionRange(parsing: ">=9.0.0"), rollout: Rollout(percent: 0))
        let decision = audience.evaluate(context(), defaultGroup: "T")
        #expect(decision.failed == [.platforms, .languages, .appVersions, .rollout])
        #expect(decision.failed.names == ["platforms", "languages", "appVersions", "rollout"])
        #expect(decision.bucket != nil)
    }

    @Test func theJSONFormReadsAndWritesBack() throws {
        let json: JSONValue = [
            "platforms": ["ios", "web"], "languages": ["en", "fr-CA"], "appVersions": ">= 2.3.0  <3.0.0",
            "rollout": ["percent": 10, "group": "summer", "stickiness": "device"],
        ]
        let audience = try Audience(json: json)
        #expect(audience.platforms == [.ios, .web] && audience.languages == ["en", "fr-CA"])
        #expect(audience.rollout == Rollout(percent: 10, group: "summer", stickiness: .device))
        #expect(
            audience.json == [
                "platforms": ["ios", "web"], "languages": ["en", "fr-CA"], "appVersions": ">=2.3.0 <3.0.0",
                "rollout": ["percent": 10, "group": "summer", "stickiness": "device"],
            ])
        #expect(try Audience(json: audience.json) == audience)
        #expect(try Audience(json: ["rollout": ["percent": 5], "languages": nil]) == Audience(rollout: Rollout(percent: 5)))
    }

    @Test func badJSONNamesTheMember() {
        let cases: [(JSONValue, String, String)] = [
            (
                ["platforms": ["ios", "windows"]], "audience.platforms",
                "audience.platforms has 'windows', which is not a platform (ios, android, web)."
            ),
            (["platforms": []], "audience.platforms", "audience.platforms is empty, so it would match nothing; leave it out to match everyone."),
            (["platforms": ["ios", "ios"]], "audience.platforms", "audience.platforms lists 'ios' twice."),
            (["languages": ["en", "fr-"]], "audience.languages", "which is not a BCP 47 language tag"),
            (["appVersions": ">=2.3 <3.0.0"], "audience.appVersions", "audience.appVersions has '>=2.3': '2.3' is not a semantic version"),
            (["appVersions": 2], "audience.appVersions", "must be a string"),
            (["rollout": ["percent": 101]], "audience.rollout.percent", "audience.rollout.percent must be a whole number from 0 to 100."),
            (["rollout": ["percent": .double(12.5)]], "audience.rollout.percent", "whole number"),
            (["rollout": [:]], "audience.rollout.percent", "audience.rollout.percent is required."),
            (["rollout": ["percent": 5, "group": ""]], "audience.rollout.group", "must be 1 to 200 bytes long"),
            (["rollout": ["percent": 5, "stickiness": "session"]], "audience.rollout.stickiness", "must be \"account\" or \"device\""),
            (["rollout": ["percent": 5, "seed": 1]], "audience.rollout.seed", "Unknown field 'seed' in audience.rollout"),
            (["countries": ["FR"]], "audience.countries", "Unknown field 'countries' in audience"),
            ("everyone", "audience", "audience must be an object, not a string."),
        ]
        for (json, field, message) in cases {
            do {
                _ = try Audience(json: json)
                Issue.record("\(json) was read")
            } catch {
                #expect(error.field == field, "\(json)")
                #expect(error.message.contains(message), "\(error.message)")
            }
        }
    }
}
