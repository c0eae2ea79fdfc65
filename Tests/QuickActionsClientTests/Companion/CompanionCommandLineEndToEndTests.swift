import Foundation
import TestSupport
import Testing

/// `quickactions`' command line on the real binary: `--flag=value` as `--flag value`, `--help` on
/// every command, and each command's own options.
@Suite struct CompanionCommandLineEndToEndTests {
    @Test(
        "--help and -h after every command print the usage on stdout and exit 0",
        arguments: ["menu", "watch", "trigger", "flush", "pin", "unpin"])
    func helpOnEveryCommand(command: String) throws {
        for arguments in [[command, "--help"], [command, "-h"], [command, "--url=http://127.0.0.1:1", "--help"]] {
            let result = try CompanionProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(result.output.hasPrefix("usage: quickactions menu"), "\(arguments): \(result.output)")
            #expect(result.output.contains("--url=U"), "\(arguments): \(result.output)")
            #expect(result.error.isEmpty, "\(arguments): \(result.error)")
        }
    }

    @Test("--flag=value reads as --flag value: menu, trigger and flush against the real server")
    func joinedValues() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let token = "right-token-0123456789"
        let server = try ServerProcess(directory: directory, arguments: ["--token", token])
        defer { server.stop() }
        let url = server.url.absoluteString
        let menu = try await CompanionProcess.runOffPool(["menu", "--url=\(url)", "--token=\(token)", "--language=de"])
        let apart = try await CompanionProcess.runOffPool(["menu", "--url", url, "--token", token, "--language", "de"])
        #expect(menu.status == 0, "\(menu.error)")
        #expect(menu.output == apart.output && menu.output.contains("version "), "\(menu.output)")

        let outbox = directory.appendingPathComponent("outbox").path
        let trigger = try await CompanionProcess.runOffPool([
            "trigger", "SearchAction", "--outbox=\(outbox)", "--attempts=2", "--url=\(url)", "--token=\(token)",
        ])
        #expect(trigger.status == 0, "\(trigger.error)")
        #expect(trigger.output.contains("in \(outbox)") && trigger.output.contains("delivered SearchAction"), "\(trigger.output)")
        let flush = try await CompanionProcess.runOffPool(["flush", "--outbox=\(outbox)", "--url=\(url)", "--token=\(token)"])
        #expect(flush.status == 0, "\(flush.error)")
    }

    @Test("An option another command takes, a missing or bad value: exit 64, naming the command and the option")
    func refusals() throws {
        let cases: [(arguments: [String], says: String)] = [
            (["menu", "--cold"], "quickactions: menu: unknown option '--cold'"),
            (["pin", "c1", "--outbox=o"], "quickactions: pin: unknown option '--outbox'"),
            (["menu", "--url"], "quickactions: menu: --url needs a value"),
            (["menu", "--dark=yes"], "quickactions: menu: --dark takes no value"),
            (["flush", "--attempts=0"], "quickactions: flush: --attempts must be an integer of at least 1, not '0'"),
            (["trigger"], "quickactions: trigger needs a TYPE, e.g. FavoriteAction"),
            (["menu", "--url=ftp://x"], "quickactions: --url 'ftp://x' must start with http:// or https://"),
        ]
        for (arguments, says) in cases {
            let result = try CompanionProcess.run(arguments)
            #expect(result.status == 64, "\(arguments): \(result.error)")
            #expect(result.error.hasPrefix(says + "\n" + "usage: quickactions menu"), "\(arguments): \(result.error)")
            #expect(result.output.isEmpty, "\(arguments): \(result.output)")
        }
    }
}
