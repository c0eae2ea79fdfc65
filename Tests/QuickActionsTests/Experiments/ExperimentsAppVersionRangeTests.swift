import Testing

@testable import QuickActions

/// Semantic versions and app version ranges: SemVer 2.0.0 precedence, and a typed error that
/// names what is wrong.
@Suite struct ExperimentsAppVersionRangeTests {
    private func version(_ text: String) throws -> SemanticVersion {
        try SemanticVersion.parse(text).get()
    }

    private func range(_ text: String) throws -> AppVersionRange {
        try AppVersionRange(parsing: text)
    }

    private func error(_ text: String) -> String? {
        do {
            _ = try AppVersionRange(parsing: text)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func precedenceIsSemVers() throws {
        // The ordered list of SemVer 2.0.0 §11.4.4, then numbers compared as numbers.
        let ordered = [
            "1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1",
            "1.2.0", "1.10.0", "2.0.0-0", "2.0.0", "10.0.0",
        ]
        let versions = try ordered.map(version)
        for (index, lower) in versions.enumerated() {
            for higher in versions[(index + 1)...] { #expect(lower < higher, "\(lower) < \(higher)") }
        }
        #expect(try version("1.0.0-rc.99999999999999999999999") > version("1.0.0-rc.9999999999999999999999"))
        #expect(try version("1.0.0+build.1") == version("1.0.0+other"))
        #expect(try version("3.0.0-beta.2+exp.sha.5114f85").description == "3.0.0-beta.2")
    }

    @Test func malformedVersionsSayWhy() {
        let reasons: [(String, String)] = [
            ("2.3", "needs major.minor.patch, such as 2.3.0"), ("1.02.0", "has the number '02' with a leading zero"),
            ("1.0.0-01", "has the numeric pre-release identifier '01' with a leading zero"), ("v1.0.0", "has 'v1' where a number belongs"),
            ("1.0.0-", "has a pre-release identifier '' that is empty"), ("1.0.0+a..b", "has build metadata 'a..b'"),
            ("99999999999999999999.0.0", "which is too large"), ("", "is empty"), ("1.0.0-ä", "not made of letters, digits and hyphens"),
        ]
        for (text, reason) in reasons {
            guard case .failure(let error) = SemanticVersion.parse(text) else {
                Issue.record("\(text) was read")
                continue
            }
            #expect(error.reason.contains(reason), "\(text): \(error.reason)")
        }
    }

    @Test func anAppVersionMayLeaveOutMinorAndPatch() throws {
        #expect(SemanticVersion(appVersion: "2") == SemanticVersion(major: 2, minor: 0, patch: 0))
        #expect(SemanticVersion(appVersion: "2.3") == SemanticVersion(major: 2, minor: 3, patch: 0))
        #expect(SemanticVersion(appVersion: "2.3.1-beta.1") == (try version("2.3.1-beta.1")))
        for malformed in [nil, "", "2.3-beta", "2.3.1.4", "abc", "2..3", " 2.3.0", String(repeating: "1", count: 200)] as [String?] {
            #expect(SemanticVersion(appVersion: malformed) == nil, "\(malformed ?? "nil")")
        }
    }

    @Test func aRangeHoldsWhenEveryComparatorDoes() throws {
        let window = try range(">=2.3.0 <3.0.0")
        #expect(window.description == ">=2.3.0 <3.0.0")
        #expect(window.matches(appVersion: "2.3.0") && window.matches(appVersion: "2.9.9") && window.matches(appVersion: "2.4"))
        #expect(!window.matches(appVersion: "2.2.9") && !window.matches(appVersion: "3.0.0") && !window.matches(appVersion: "2.3.0-rc.1"))
        // Plain precedence: 3.0.0's pre-releases are below 3.0.0, unless the bound says -0.
        #expect(window.matches(appVersion: "3.0.0-beta.1"))
        #expect(!(try range(">=2.3.0 <3.0.0-0")).matches(appVersion: "3.0.0-beta.1"))
        #expect(try range("2.3.0").matches(appVersion: "2.3.0+42"))
        #expect(try range("=2.3.0").comparators == range("2.3.0").comparators)
        #expect(try range(">2.3.0").matches(appVersion: "2.3.1") && !(try range(">2.3.0")).matches(appVersion: "2.3.0"))
        #expect(try range("<=2.3.0").matches(appVersion: "2.3.0") && !(try range("<=2.3.0")).matches(appVersion: "2.3.1"))
        #expect(try range("  >= 2.3.0\t< 3.0.0 ").description == ">=2.3.0 <3.0.0")
    }

    @Test func aMissingOrMalformedAppVersionNeverMatches() throws {
        for text in [">=0.0.0", "<99.0.0", ">=0.0.0-0"] {
            let open = try range(text)
            #expect(!open.matches(appVersion: nil) && !open.matches(appVersion: "") && !open.matches(appVersion: "latest"), "\(text)")
        }
    }

    @Test func aMalformedRangeNamesWhatIsWrong() {
        #expect(error("") == "is empty: give one or more comparators, such as '>=2.3.0 <3.0.0'")
        #expect(error(">=2.3 <3.0.0") == "has '>=2.3': '2.3' is not a semantic version: it needs major.minor.patch, such as 2.3.0")
        #expect(error(">=") == "has '>=' without a version after it, such as '>=2.3.0'")
        #expect(error("~2.3.0")?.hasSuffix("(operators are >=, >, <=, < and =)") == true)
        #expect(error(">=1.0.0 || >=2.0.0")?.contains("alternatives are not supported") == true)
        #expect(error(">=3.0.0 <2.0.0") == "'>=3.0.0 <2.0.0' matches no version: its lower bound is above its upper bound")
        #expect(error(">2.0.0 <=2.0.0")?.contains("matches no version") == true)
        #expect(error("=2.0.0 =2.0.1")?.contains("matches no version") == true)
        #expect(error(String(repeating: ">=1.0.0 ", count: 9))?.contains("at most 8") == true)
        #expect(error(String(repeating: "1", count: 300)) == "is longer than 256 characters")
        #expect(error(">=2.0.0 <=2.0.0") == nil)
        #expect(error(">1.0.0 <1.0.1") == nil)
    }
}
