import Foundation
import TestSupport
import Testing

/// `quickactiond`'s command line on the real binary: `--flag=value` as `--flag value`, and `--help`
/// on every command.
@Suite struct CommandLineEndToEndTests {
    @Test(
        "--help and -h print the command's own usage on stdout and exit 0, on the service, lint and export",
        arguments: [
            (["--help"], "usage: quickactiond [options]"), (["-h"], "usage: quickactiond [options]"),
            (["--port", "1", "--help"], "usage: quickactiond [options]"), (["lint", "--help"], "usage: quickactiond lint "),
            (["lint", "Info.plist", "-h"], "usage: quickactiond lint "), (["export", "--help"], "usage: quickactiond export android"),
            (["export", "android", "--help"], "usage: quickactiond export android"),
            (["export", "web", "--manifest=m.json", "-h"], "usage: quickactiond export android"),
        ])
    func helpOnEveryCommand(arguments: [String], usage: String) throws {
        let run = try PlatformExportEndToEndTests.quickactiond(arguments, in: TemporaryDirectory())
        #expect(run.exit == .exited(0), "\(arguments): \(run.error)")
        #expect(run.output.hasPrefix(usage), "\(arguments): \(run.output)")
        #expect(run.output.contains("--help"), "\(arguments): \(run.output)")
        #expect(run.error.isEmpty, "\(arguments): \(run.error)")
    }

    @Test("--flag=value configures the service: --max-body-bytes=16 refuses a 17-byte body with 413")
    func joinedValuesConfigureTheService() throws {
        let server = try ServerProcess(arguments: ["--no-seed", "--max-body-bytes=16", "--log-level=warning"])
        defer { server.stop() }
        #expect(try server.request("POST", "/contacts", json: #"{"name":"Ada L"}"#).status == 201)
        #expect(try server.request("POST", "/contacts", json: #"{"name":"Ada Lo"}"#).status == 413)
    }

    @Test("--flag=value works on export and lint as --flag value does")
    func joinedValuesOnSubcommands() throws {
        let directory = try TemporaryDirectory()
        let fixtures = PlatformExportEndToEndTests.fixtures
        let export = try PlatformExportEndToEndTests.quickactiond(
            [
                "export", "android", "--out=\(directory.path("app"))", "--shortcuts=\(fixtures)/Info.plist",
                "--localizations=\(fixtures)/Localizations",
            ],
            in: directory)
        #expect(export.exit == .exited(0), "\(export.error)")
        let written = try PlatformExportEndToEndTests.files(under: directory.path("app"))
        #expect(written["res/values-de/quickactions_strings.xml"] != nil, "\(written.keys.sorted())")

        let joined = try PlatformExportEndToEndTests.quickactiond(["lint", "\(fixtures)/Info.plist", "--platform=android"], in: directory)
        let apart = try PlatformExportEndToEndTests.quickactiond(["lint", "\(fixtures)/Info.plist", "--platform", "android"], in: directory)
        #expect(joined.exit == apart.exit && joined.output == apart.output && joined.error == apart.error)
        #expect(joined.exit != .exited(2), "\(joined.error)")
    }

    @Test("A usage error names the command and the option, prints that command's usage on stderr and exits 2")
    func usageErrors() throws {
        let directory = try TemporaryDirectory()
        let cases: [(arguments: [String], says: String, usage: String)] = [
            (["--bogus"], "quickactiond: unknown option '--bogus'", "usage: quickactiond [options]"),
            (["--port=x"], "quickactiond: --port must be an integer from 0 to 65535, not 'x'", "usage: quickactiond [options]"),
            (["--no-seed=1"], "quickactiond: --no-seed takes no value", "usage: quickactiond [options]"),
            (["lint", "Info.plist", "--bogus"], "quickactiond: lint: unknown option '--bogus'", "usage: quickactiond lint "),
            (
                ["lint", "Info.plist", "--platform=mac"], "quickactiond: lint: --platform must be one of ios, android, web, all, not 'mac'",
                "usage: quickactiond lint "
            ),
            (["export", "web", "--manifest"], "quickactiond: export web: --manifest needs a value", "usage: quickactiond export "),
        ]
        for (arguments, says, usage) in cases {
            let run = try PlatformExportEndToEndTests.quickactiond(arguments, in: directory)
            #expect(run.exit == .exited(2), "\(arguments): \(run.exit.map { "\($0)" } ?? "hung")")
            #expect(run.error.hasPrefix(says + "\n\n" + usage), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty, "\(arguments): \(run.output)")
        }
    }
}
