import Foundation
import Testing

@testable import QuickActionsAPI

@Suite struct ServiceConfigurationTests {
    @Test func buildSettingsAreRepeatableAndTheLastValueWins() throws {
        let command = try CommandLineParser.parse([
            "--build-setting", "PRODUCT_BUNDLE_IDENTIFIER=org.mozilla.ios.Firefox", "--build-setting=PRODUCT_NAME=Fire fox",
            "--build-setting", "EMPTY=", "--build-setting", "PRODUCT_NAME=Firefox", "--build-setting", "URL=a=b",
        ])
        guard case .serve(let configuration) = command else {
            Issue.record("not serve: \(command)")
            return
        }
        #expect(
            configuration.buildSettings == [
                "PRODUCT_BUNDLE_IDENTIFIER": "org.mozilla.ios.Firefox", "PRODUCT_NAME": "Firefox", "EMPTY": "", "URL": "a=b",
            ])
        #expect(
            try CommandLineParser.parse(["lint", "Info.plist", "--build-setting", "A=1", "--localizations", "L"])
                == .lint(infoPlist: "Info.plist", localizations: "L", appName: nil, buildSettings: ["A": "1"]))
    }

    @Test(arguments: ["NOEQUALS", "=value", "1A=b", "A B=c", "$(A)=b"])
    func aMalformedBuildSettingIsAUsageError(argument: String) {
        let error = #expect(throws: UsageError.self) { try CommandLineParser.parse(["--build-setting", argument]) }
        #expect(error?.description.contains("--build-setting must be NAME=VALUE") == true)
        #expect(throws: UsageError.self) { try CommandLineParser.parse(["lint", "Info.plist", "--build-setting", argument]) }
    }

    @Test func theReadmeFlagsTableListsEveryOption() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let documented = Set(
            text.split(separator: "\n").filter { $0.hasPrefix("| `--") }.compactMap { row in
                row.dropFirst(3).split(separator: " ").first.map { String($0.prefix { $0 != "`" }) }
            })
        let options = Set(CommandLineParser.options.map(\.name)).subtracting(["--help", "--version"])
        #expect(documented == options)
        for option in CommandLineParser.options {
            #expect(CommandLineParser.usage.contains(option.name))
        }
    }
}
